import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP client socket to 127.0.0.1, for what an HTTP client library will not do: send
/// nothing, send a head and trickle the body, speak HTTP/1.0. Blocking calls run on threads of
/// their own, never on the cooperative pool.
public final class RawSocket: Sendable {
    public let fd: Int32

    public init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let code = errno
            Glibc.close(fd)
            throw POSIXError(.init(rawValue: code) ?? .EIO)
        }
    }

    deinit { Glibc.close(fd) }

    /// Writes `text`; false once the peer has closed.
    @discardableResult
    public func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    /// Everything read until the peer closes, or nil if it has not closed within `timeout`.
    public func readToClose(within timeout: Duration) async -> String? {
        let fd = self.fd
        return await withCheckedContinuation { continuation in
            Thread {
                let deadline = ContinuousClock.now + timeout
                var bytes: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    let left = ContinuousClock.now.duration(to: deadline)
                    guard left > .zero else { return continuation.resume(returning: nil) }
                    var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    let ms = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000) + 1
                    guard poll(&poller, 1, ms) > 0 else { continue }
                    let count = recv(fd, &buffer, buffer.count, 0)
                    if count <= 0 { return continuation.resume(returning: String(decoding: bytes, as: UTF8.self)) }
                    bytes += buffer[0..<count]
                }
            }.start()
        }
    }
}
