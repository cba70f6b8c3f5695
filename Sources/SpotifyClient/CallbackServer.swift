import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// The one-shot HTTP server on the redirect URI's loopback address that receives the login callback.
///
/// It answers the browser, ignores stray requests (favicons) with a 404 and callbacks whose
/// `state` does not match with a 400, hands the first real callback to `deliver`, and refuses
/// any after it.
public struct CallbackServer: Sendable {
    /// The port it listens on (the chosen free port when the redirect URI has none).
    public let port: Int
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    /// How long ``stop()`` lets responses in flight finish before it closes their connections.
    static let drainTime: Duration = .seconds(2)

    /// Binds `redirect`'s host and port (or a free port) and starts serving.
    public static func start(
        redirect: RedirectURI, expectedState: String,
        deliver: @escaping @Sendable (CallbackOutcome) -> Void
    ) async throws(LoginError) -> CallbackServer {
        let gate = CallbackGate()
        let router = Router()
        router.get(RouterPath(redirect.path)) { request, _ -> Response in
            let outcome = CallbackOutcome.classify(query: request.uri.query, expectedState: expectedState)
            switch outcome {
            case .ignored:
                return page(.notFound, "Not found", "This address only receives Spotify's login callback.")
            case .stateMismatch:
                // A forged or stale callback must not end the login in progress: the real one may still come.
                return page(.badRequest, "Not this login",
                            "This callback does not belong to margin's login in progress, so margin ignored it. Finish the login in the tab margin opened.")
            case .code, .denied:
                guard await gate.open() else {
                    return page(.conflict, "Already used", "margin has already received a login callback. Close this tab.")
                }
                deliver(outcome)
                if case .code = outcome {
                    return page(.ok, "Logged in", "margin is logged in to Spotify. You can close this tab.")
                }
                return page(.ok, "Login cancelled", "Spotify did not grant access, so margin is not logged in. You can close this tab.")
            }
        }
        let (ports, portSink) = AsyncStream<Int>.makeStream()
        let logger = Logger(label: "margin.callback", factory: { _ in SwiftLogNoOpLogHandler() })
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(redirect.host, port: redirect.port ?? 0), serverName: nil),
            onServerRunning: { channel in
                portSink.yield(channel.localAddress?.port ?? 0)
                portSink.finish()
            },
            logger: logger
        )
        // A group of our own, so that stopping can be graceful: the page for the callback that
        // ended the login is still being written when the login stops the server.
        var configuration = ServiceGroupConfiguration(services: [app], logger: logger)
        configuration.maximumGracefulShutdownDuration = drainTime
        let group = ServiceGroup(configuration: configuration)
        let task = Task {
            defer { portSink.finish() }
            try await group.run()
        }
        for await port in ports where port > 0 {
            return CallbackServer(port: port, group: group, task: task)
        }
        task.cancel()
        let reason: String
        do { try await task.value; reason = "the server stopped" } catch { reason = String(describing: error) }
        throw .cannotListen(redirect.description, reason)
    }

    /// Stops listening, lets responses already being written finish (for at most ``drainTime``),
    /// and waits until the port is closed.
    public func stop() async {
        await group.triggerGracefulShutdown()
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
