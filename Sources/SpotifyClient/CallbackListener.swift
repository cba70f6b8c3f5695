import FileSafety
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The callback server's sockets and threads: one thread accepts, one serves each connection;
/// stopping wakes the accepting thread through a pipe, closes the listening socket, ends the
/// connections still sending their request, and waits for those being answered (shut down once
/// ``CallbackServer/drainTime`` has passed).
final class CallbackListener: Sendable {
    private let socket: Int32
    private let wake: (read: Int32, write: Int32)
    private let answer: CallbackAnswer
    private struct State {
        var listening = true
        var stopping = false
        var connections: Set<Int32> = []
        /// The connections still sending their request, oldest first.
        var reading: [Int32] = []
        var waiters: [CheckedContinuation<Void, Never>] = []
        var idle: Bool { !listening && connections.isEmpty }
    }
    private let state = Mutex(State())

    init?(socket: Int32, answer: CallbackAnswer) {
        guard let wake = ChildProcess.pipe() else { return nil }
        self.socket = socket
        self.wake = wake
        self.answer = answer
    }

    func run() {
        Thread.detachNewThread { self.acceptAll() }
    }

    func stop() async {
        let first = state.withLock { state in
            defer { state.stopping = true }
            return !state.stopping
        }
        if first { close(wake.write) }
        // A connection still sending its request (a browser's spare one, opened ahead and never
        // used) is ended now; one being answered has read all it reads, and is left to finish.
        state.withLock { $0.reading.forEach { shutdown($0, Int32(SHUT_RD)) } }
        let drained = Task {
            try await Task.sleep(for: CallbackServer.drainTime)
            // Past the drain time, connections still open are ended; their threads then finish.
            self.state.withLock { $0.connections.forEach { shutdown($0, Int32(SHUT_RDWR)) } }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let idle = state.withLock { state in
                if !state.idle { state.waiters.append(continuation) }
                return state.idle
            }
            if idle { continuation.resume() }
        }
        drained.cancel()
    }

    private func acceptAll() {
        var fds = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
        while true {
            fds[0].revents = 0
            fds[1].revents = 0
            if poll(&fds, 2, -1) < 0 {
                guard errno == EINTR else { break }
                continue
            }
            if fds[1].revents != 0 { break }
            guard fds[0].revents != 0 else { continue }
            // The listening socket does not block: a connection gone before it is taken
            // (EAGAIN) leaves this thread free to hear the stop.
            let client = ChildProcess.accept(on: socket)
            guard client >= 0 else {
                // A connection reset before it was taken, a signal: the next one is waited for.
                // Out of descriptors: a moment's pause, not a spin.
                if errno == EMFILE || errno == ENFILE { usleep(50_000) }
                continue
            }
            let taken = state.withLock { state in
                // One that comes as the server stops is not served: the stop has ended the others.
                guard !state.stopping else { return false }
                if state.connections.count >= CallbackServer.connectionLimit {
                    // Full: the oldest still sending nothing whole gives way, so that peers that
                    // hold connections open and silent cannot keep the browser out.
                    guard !state.reading.isEmpty else { return false }
                    shutdown(state.reading.removeFirst(), Int32(SHUT_RD))
                }
                state.connections.insert(client)
                state.reading.append(client)
                return true
            }
            guard taken else {
                close(client)
                continue
            }
            Thread.detachNewThread { self.serve(client) }
        }
        close(socket)
        close(wake.read)
        finish { $0.listening = false }
    }

    private func serve(_ client: Int32) {
        let head = Self.readHead(client)
        state.withLock { $0.reading.removeAll { $0 == client } }
        if let head {
            Self.write(answer.respond(to: head), to: client)
            // Closed with unread input (a body, bytes past the head), the connection would be
            // reset, and the peer could lose the answer before it reads it: what it still sends
            // is read and dropped first, for a moment at most.
            shutdown(client, Int32(SHUT_WR))
            Self.drain(client)
        }
        finish {
            $0.connections.remove(client)
            $0.reading.removeAll { $0 == client }
        }
        close(client)
    }

    /// Changes the state, and resumes whoever waits for the server to be idle once it is.
    private func finish(_ change: (inout State) -> Void) {
        let waiters = state.withLock { state in
            change(&state)
            guard state.idle else { return [CheckedContinuation<Void, Never>]() }
            defer { state.waiters = [] }
            return state.waiters
        }
        waiters.forEach { $0.resume() }
    }

    /// The request head (up to its blank line), or nil when none came whole in time.
    static func readHead(_ client: Int32) -> [UInt8]? {
        var head: [UInt8] = []
        var found: Range<Int>?
        let end = Array("\r\n\r\n".utf8)
        receive(client, for: CallbackServer.headTime) { chunk in
            let searchFrom = max(0, head.count - 3)
            head += chunk
            found = head[searchFrom...].firstRange(of: end)
            return found == nil && head.count <= CallbackServer.headLimit
        }
        return found.map { Array(head[..<$0.lowerBound]) }
    }

    /// Reads and drops what `client` still sends, until it closes, up to 64 KiB or half a second.
    static func drain(_ client: Int32) {
        var dropped = 0
        receive(client, for: .milliseconds(500)) { chunk in
            dropped += chunk.count
            return dropped < 64 * 1024
        }
    }

    /// Hands what `client` sends to `take`, a chunk at a time, until `take` says it has had
    /// enough, the peer closes, or `time` has passed.
    private static func receive(_ client: Int32, for time: Duration, _ take: (ArraySlice<UInt8>) -> Bool) {
        let deadline = ContinuousClock.now + time
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return }
            var fd = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            let ready = poll(&fd, 1, Int32(left / .milliseconds(1)) + 1)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return }
            let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0, take(buffer[..<count]) else { return }
        }
    }

    /// Writes all of `bytes`, or as much as the peer takes before it goes away.
    static func write(_ bytes: [UInt8], to client: Int32) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            sent += count
        }
    }
}

/// A TCP socket listening on a loopback address.
enum ListeningSocket {
    struct Failure: Error {
        let reason: String
    }

    /// Binds `host` (`127.0.0.1` or `::1`) and `port` (0 for a free one); the socket and its port.
    static func bind(host: String, port: Int) throws(Failure) -> (socket: Int32, port: Int) {
        let v6 = host.contains(":")
        let fd = Glibc.socket(v6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        // A port another login left in TIME_WAIT is taken again; one something listens on is not.
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var storage = sockaddr_storage()
        let length: socklen_t
        let parsed: Bool
        if v6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
            parsed = inet_pton(AF_INET6, host, &address.sin6_addr) == 1
            length = copy(address, into: &storage)
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
            parsed = inet_pton(AF_INET, host, &address.sin_addr) == 1
            length = copy(address, into: &storage)
        }
        guard parsed else {
            close(fd)
            throw Failure(reason: "'\(host)' is no IP address")
        }
        let bound = withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, length) } }
        guard bound == 0, listen(fd, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw Failure(reason: reason)
        }
        var actual = sockaddr_storage()
        var actualLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &actual) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &actualLength) } }
        let chosen = withUnsafeBytes(of: actual) { bytes -> UInt16 in
            // sin_port and sin6_port sit at the same offset, right after the family.
            UInt16(bigEndian: bytes.load(fromByteOffset: 2, as: UInt16.self))
        }
        return (fd, Int(chosen))
    }

    /// `address` (a `sockaddr_in` or `sockaddr_in6`) copied into `storage`; its length.
    private static func copy<Address>(_ address: Address, into storage: inout sockaddr_storage) -> socklen_t {
        withUnsafeBytes(of: address) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) } }
        return socklen_t(MemoryLayout<Address>.size)
    }
}
