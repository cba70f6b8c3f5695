import NIOCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns a failure to listen into the start-up error that names its flag: which of `--listen`
/// and `--metrics-listen` failed is found by trying to bind each again.
enum ListenFailure {
    static func explain(_ error: any Error, configuration: ServiceConfiguration) -> any Error {
        guard let io = error as? IOError else { return error }
        var addresses = [("--listen", configuration.host, configuration.port)]
        if case let (host, port)? = configuration.metricsListen { addresses.append(("--metrics-listen", host, port)) }
        for (flag, host, port) in addresses {
            if let failure = probe(flag: flag, host: host, port: port) { return failure }
        }
        let (flag, host, port) = addresses[0]
        return ServiceSetupError.cannotListen(listen: hostPort(host, port), flag: flag, reason: String(cString: strerror(io.errnoCode)))
    }

    /// Binds (without listening) `host:port` and lets go of it: the error that names `flag`,
    /// or nil when it can be bound.
    static func probe(flag: String, host: String, port: Int) -> ServiceSetupError? {
        let address: SocketAddress
        do { address = try SocketAddress.makeAddressResolvingHost(host, port: port) } catch {
            return .cannotListen(listen: hostPort(host, port), flag: flag, reason: "cannot resolve \(host)")
        }
        let family = address.protocol == .inet6 ? AF_INET6 : AF_INET
        let fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        let result: Int32
        switch address {
        case .v4(let v4):
            var raw = v4.address
            result = withUnsafePointer(to: &raw) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        case .v6(let v6):
            var raw = v6.address
            result = withUnsafePointer(to: &raw) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
        default:
            return nil
        }
        guard result != 0 else { return nil }
        let code = errno
        if code == EADDRINUSE { return .portInUse(listen: hostPort(host, port), flag: flag) }
        return .cannotListen(listen: hostPort(host, port), flag: flag, reason: String(cString: strerror(code)))
    }

    static func hostPort(_ host: String, _ port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
