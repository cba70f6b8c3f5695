import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServerTLS
import ServiceLifecycle
import UnixSignals

/// One running Hummingbird server and the means to stop it.
struct ServerRunner: Sendable {
    let url: URL
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    /// Why the server could not start.
    enum StartError: Error, CustomStringConvertible {
        case noPort
        var description: String { "the server stopped before it was listening" }
    }

    /// Binds 127.0.0.1:`port` (0 picks a free one) and returns once the server listens, over
    /// HTTPS with `tls` as its certificate when given. With `signals`, SIGINT/SIGTERM shut it
    /// down gracefully.
    static func start(state: EmulatorState, port: Int, tls: ServerIdentity?, signals: [UnixSignal]) async throws -> ServerRunner {
        // The emulator is a test fixture: its logs would only clutter the tests' output.
        let logger = Logger(label: "spotify-emulator", factory: { _ in SwiftLogNoOpLogHandler() })
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let server: HTTPServerBuilder = try tls.map { .http1(tls: try $0.serverContext()) } ?? .http1()
        let app = Application(
            router: Routes.router(state: state),
            server: server,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: nil),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: logger
        )
        var configuration = ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: signals, logger: logger)
        // A client holding a request open must not keep the emulator alive for long. Past the
        // cancellation limit ServiceLifecycle ends the whole process with a fatal error: in a
        // test process under load (two cores, dozens of servers, speech being decoded) 3 s was
        // reached, so the limit is a backstop against a real hang, not a deadline.
        configuration.maximumGracefulShutdownDuration = .seconds(3)
        configuration.maximumCancellationDuration = .seconds(60)
        let group = ServiceGroup(configuration: configuration)
        let task = Task {
            defer { portContinuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next(), bound > 0 else {
            do {
                try await task.value
            } catch let error as IOError {
                // socket, bind or listen refused: the port is taken, privileged or out of range.
                throw SpotifyEmulator.StartError.cannotListen(port: port, code: error.errnoCode)
            }
            throw StartError.noPort
        }
        let base = "\(tls == nil ? "http" : "https")://127.0.0.1:\(bound)"
        await state.setBaseURL(base)
        guard let url = URL(string: base) else { throw StartError.noPort }
        return ServerRunner(url: url, group: group, task: task)
    }

    /// Waits until the server stops by itself (a signal), rethrowing its failure.
    func wait() async throws {
        try await task.value
    }

    /// Shuts down gracefully, cancelling after a few seconds if connections linger;
    /// returns once the listening socket is closed.
    func stop() async {
        await group.triggerGracefulShutdown()
        let task = self.task
        await withTaskGroup(of: Void.self) { waiters in
            waiters.addTask { _ = try? await task.value }
            waiters.addTask {
                try? await Task.sleep(for: .seconds(5))
                task.cancel()
            }
            await waiters.next()
            waiters.cancelAll()
        }
        _ = try? await task.value
    }
}
