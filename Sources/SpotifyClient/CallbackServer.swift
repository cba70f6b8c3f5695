import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The one-shot HTTP server on the redirect URI's loopback address that receives the login callback.
///
/// It answers the browser, ignores stray requests (favicons) with a 404 and callbacks whose
/// `state` does not match with a 400, hands the first real callback to `deliver`, and refuses
/// any after it. A browser sends it one request a connection at most, so it speaks just that:
/// a request head of at most ``headLimit`` bytes within ``headTime``, one answer, then the
/// connection closed. Each connection has a thread of its own (at most ``connectionLimit`` at
/// once), so a peer that sends nothing holds up no other.
public struct CallbackServer: Sendable {
    /// The port it listens on (the chosen free port when the redirect URI has none).
    public let port: Int
    private let listener: CallbackListener

    /// How long ``stop()`` lets responses in flight finish before it closes their connections.
    static let drainTime: Duration = .seconds(2)
    /// How long a connection may take to send its request head, and how long that head may be.
    static let headTime: Duration = .seconds(10)
    static let headLimit = 16 * 1024
    /// Connections served at once; one past them is closed unanswered.
    static let connectionLimit = 32

    /// Binds `redirect`'s host and port (or a free port) and starts serving.
    public static func start(
        redirect: RedirectURI, expectedState: String,
        deliver: @escaping @Sendable (CallbackOutcome) -> Void
    ) async throws(LoginError) -> CallbackServer {
        let bound: (socket: Int32, port: Int)
        do {
            bound = try ListeningSocket.bind(host: redirect.host, port: redirect.port ?? 0)
        } catch {
            throw .cannotListen(redirect.description, error.reason)
        }
        let answer = CallbackAnswer(path: redirect.path, expectedState: expectedState, deliver: deliver)
        guard let listener = CallbackListener(socket: bound.socket, answer: answer) else {
            close(bound.socket)
            throw .cannotListen(redirect.description, "no pipe: \(String(cString: strerror(errno)))")
        }
        listener.run()
        return CallbackServer(port: bound.port, listener: listener)
    }

    /// Stops listening, lets responses already being written finish (for at most ``drainTime``),
    /// and waits until the port is closed.
    public func stop() async {
        await listener.stop()
    }
}

/// What the server answers a request head: the page, and the callback handed on.
final class CallbackAnswer: Sendable {
    let path: String
    let expectedState: String
    let deliver: @Sendable (CallbackOutcome) -> Void
    /// Lets exactly one callback through.
    private let used = Mutex(false)

    init(path: String, expectedState: String, deliver: @escaping @Sendable (CallbackOutcome) -> Void) {
        self.path = path
        self.expectedState = expectedState
        self.deliver = deliver
    }

    /// The response to the request whose head is `head` (its bytes up to the blank line); to a
    /// HEAD request, its head alone.
    func respond(to head: [UInt8]) -> [UInt8] {
        let response = answer(head)
        guard head.starts(with: Array("HEAD ".utf8)), let end = response.firstRange(of: Array("\r\n\r\n".utf8)) else { return response }
        return Array(response[..<end.upperBound])
    }

    private func answer(_ head: [UInt8]) -> [UInt8] {
        let line = head.prefix { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2].starts(with: Array("HTTP/1.".utf8)),
              let target = String(validating: parts[1], as: UTF8.self) else {
            return page(400, "Bad Request", "Not an HTTP request", "This address only receives Spotify's login callback.")
        }
        let (requested, query) = target.firstIndex(of: "?").map { (String(target[..<$0]), String(target[target.index(after: $0)...])) }
            ?? (target, nil)
        guard requested == path else { return page(404, "Not Found", "Not found", "This address only receives Spotify's login callback.") }
        guard parts[0].elementsEqual("GET".utf8) else {
            return page(405, "Method Not Allowed", "Not allowed", "This address only receives Spotify's login callback.")
        }
        let outcome = CallbackOutcome.classify(query: query, expectedState: expectedState)
        switch outcome {
        case .ignored:
            return page(404, "Not Found", "Not found", "This address only receives Spotify's login callback.")
        case .stateMismatch:
            // A forged or stale callback must not end the login in progress: the real one may still come.
            return page(400, "Bad Request", "Not this login",
                        "This callback does not belong to margin's login in progress, so margin ignored it. Finish the login in the tab margin opened.")
        case .code, .denied:
            let first = used.withLock { used in
                defer { used = true }
                return !used
            }
            guard first else {
                return page(409, "Conflict", "Already used", "margin has already received a login callback. Close this tab.")
            }
            deliver(outcome)
            if case .code = outcome {
                return page(200, "OK", "Logged in", "margin is logged in to Spotify. You can close this tab.")
            }
            return page(200, "OK", "Login cancelled", "Spotify did not grant access, so margin is not logged in. You can close this tab.")
        }
    }

    private func page(_ status: Int, _ reason: String, _ title: String, _ message: String) -> [UInt8] {
        let html = """
            <!doctype html><html><head><meta charset="utf-8"><title>margin: \(title)</title></head>
            <body style="font-family: sans-serif; margin: 3em"><h1>\(title)</h1><p>\(message)</p></body></html>
            """
        let body = Array(html.utf8)
        let head = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.count)\r\n"
            + "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + body
    }
}
