import Foundation

/// A local stand-in for Spotify's accounts service and Web API (see docs/emulator.md).
///
/// ```swift
/// let emulator = SpotifyEmulator(scenario: Scenario(refreshMode: .rotating))
/// let base = try await emulator.start()          // http://127.0.0.1:PORT
/// defer { Task { await emulator.stop() } }
/// ```
/// Accounts service at `base`, Web API at `base/v1`, control API at `base/emulator`.
/// The methods below do in-process what the control API does over HTTP.
public actor SpotifyEmulator {
    let state: EmulatorState
    private let initialScenario: Scenario
    private var server: ServerRunner?

    /// Why `start` refused.
    public enum StartError: Error, Sendable, CustomStringConvertible {
        case alreadyRunning
        case invalidScenario(ScenarioError)
        /// 127.0.0.1:`port` could not be listened on; `code` is the errno (`EADDRINUSE`: taken).
        case cannotListen(port: Int, code: Int32)

        public var description: String {
            switch self {
            case .alreadyRunning: "the emulator is already running"
            case .invalidScenario(let error): "invalid scenario: \(error.message)"
            case .cannotListen(let port, let code) where code == EADDRINUSE:
                "port \(port) on 127.0.0.1 is taken: something listens there already"
            case .cannotListen(let port, let code):
                "cannot listen on 127.0.0.1:\(port) (\(String(cString: strerror(code))))"
            }
        }
    }

    /// An emulator for `scenario`; nothing listens until `start`.
    public init(scenario: Scenario = Scenario()) {
        self.initialScenario = scenario
        self.state = EmulatorState(scenario: scenario)
    }

    /// A forgotten `stop()` must not leave a server listening for the rest of the process.
    deinit {
        if let server {
            Task { await server.stop() }
        }
    }

    /// The base URL while running, e.g. `http://127.0.0.1:54321`.
    public var baseURL: URL? { server?.url }

    /// Listens on 127.0.0.1:`port` (0 picks a free port) and returns the base URL; over HTTPS
    /// with `tls` as the server's certificate when given (see ``TestAuthority``).
    /// May be called again after `stop`; tokens, player and log carry over.
    @discardableResult
    public func start(port: Int = 0, tls: ServerIdentity? = nil) async throws -> URL {
        try await begin(port: port, tls: tls, handlingSignals: false).url
    }

    /// Stops listening; returns once the port is closed. Requests held open by a `hang`
    /// fault are dropped.
    public func stop() async {
        guard let server else { return }
        self.server = nil
        await state.setStopping(true)
        await server.stop()
    }

    /// Runs until SIGINT or SIGTERM, calling `onListening` once the port is open
    /// (what the `spotify-emulator` executable does).
    public func run(port: Int = 0, tls: ServerIdentity? = nil, onListening: @Sendable (URL) -> Void) async throws {
        let server = try await begin(port: port, tls: tls, handlingSignals: true)
        onListening(server.url)
        try await server.wait()
        await state.setStopping(true)
        self.server = nil
    }

    private func begin(port: Int, tls: ServerIdentity?, handlingSignals: Bool) async throws -> ServerRunner {
        guard server == nil else { throw StartError.alreadyRunning }
        do {
            try initialScenario.validate()
        } catch {
            throw StartError.invalidScenario(error)
        }
        await state.setStopping(false)
        let runner = try await ServerRunner.start(
            state: state, port: port, tls: tls, signals: handlingSignals ? [.sigint, .sigterm] : []
        )
        server = runner
        return runner
    }
}
