import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension ChildProcess {
    /// Takes a connection waiting on the listening `socket`, its descriptor close-on-exec from
    /// the start (`accept4` with `SOCK_CLOEXEC`), so that a program another thread starts
    /// meanwhile (the browser of a login) never inherits it. -1 with `errno` as `accept` sets it.
    public static func accept(on socket: Int32) -> Int32 {
        if let accept4 = GNU.accept4 { return accept4(socket, nil, nil, Int32(SOCK_CLOEXEC.rawValue)) }
        let client = Glibc.accept(socket, nil, nil)
        if client >= 0 { _ = fcntl(client, F_SETFD, FD_CLOEXEC) }
        return client
    }
}

/// The C library's GNU extensions that Glibc's module leaves out, looked up once.
enum GNU {
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
    typealias Accept4 = @convention(c) (Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32) -> Int32

    static let pipe2: Pipe2? = symbol("pipe2").map { unsafeBitCast($0, to: Pipe2.self) }
    static let accept4: Accept4? = symbol("accept4").map { unsafeBitCast($0, to: Accept4.self) }

    private static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
        dlsym(dlopen(nil, RTLD_NOW), name)
    }
}
