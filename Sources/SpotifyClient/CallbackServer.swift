import Foundation
import Hummingbird
import Logging
import NIOCore

/// The one-shot HTTP server on the redirect URI's loopback address that receives the login callback.
///
/// It answers the browser, ignores stray requests (favicons) with a 404, hands the first real
/// callback to `deliver`, and refuses any after it.
public struct CallbackServer: Sendable {
    /// The port it listens on (the chosen free port when the redirect URI has none).
    public let port: Int
    private let task: Task<Void, any Error>

    /// Binds `redirect`'s host and port (or a free port) and starts serving.
    public static func start(
        redirect: RedirectURI, expectedState: String,
        deliver: @escaping @Sendable (CallbackOutcome) -> Void
    ) async throws(LoginError) -> CallbackServer {
        let gate = CallbackGate()
        let router = Router()
        router.get(RouterPath(redirect.path)) { request, _ -> Response in
            let outcome = CallbackOutcome.classify(query: request.uri.query, expectedState: expectedState)
            if outcome == .ignored { return page(.notFound, "Not found", "This address only receives Spotify's login callback.") }
            guard await gate.open() else {
                return page(.conflict, "Already used", "margin has already received a login callback. Close this tab.")
            }
            deliver(outcome)
            return switch outcome {
            case .code: page(.ok, "Logged in", "margin is logged in to Spotify. You can close this tab.")
            case .denied: page(.ok, "Login cancelled", "Spotify did not grant access, so margin is not logged in. You can close this tab.")
            default: page(.badRequest, "Login refused", "The callback's state did not match this login attempt, so margin stored nothing.")
            }
        }
        let (ports, portSink) = AsyncStream<Int>.makeStream()
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(redirect.host, port: redirect.port ?? 0), serverName: nil),
            onServerRunning: { channel in
                portSink.yield(channel.localAddress?.port ?? 0)
                portSink.finish()
            },
            logger: Logger(label: "margin.callback", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        let task = Task {
            defer { portSink.finish() }
            try await app.runService(gracefulShutdownSignals: [])
        }
        for await port in ports where port > 0 {
            return CallbackServer(port: port, task: task)
        }
        task.cancel()
        let reason: String
        do { try await task.value; reason = "the server stopped" } catch { reason = String(describing: error) }
        throw .cannotListen(redirect.description, reason)
    }

    /// Stops listening and waits until the port is closed.
    public func stop() async {
        task.cancel()
        _ = try? await task.value
    }
}

/// Lets exactly one callback through.
private actor CallbackGate {
    private var used = false
    func open() -> Bool {
        defer { used = true }
        return !used
    }
}

private func page(_ status: HTTPResponse.Status, _ title: String, _ message: String) -> Response {
    let html = """
        <!doctype html><html><head><meta charset="utf-8"><title>margin: \(title)</title></head>
        <body style="font-family: sans-serif; margin: 3em"><h1>\(title)</h1><p>\(message)</p></body></html>
        """
    return Response(status: status, headers: [.contentType: "text/html; charset=utf-8"],
                    body: .init(byteBuffer: ByteBuffer(string: html)))
}
