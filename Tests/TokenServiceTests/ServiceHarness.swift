import Foundation
import Logging
import SpotifyClient
import NIOCore
import SpotifyEmulator
import Synchronization
import TestSupport
import Testing
@testable import TokenService

/// An emulator playing a confidential Spotify app, and the service in front of it, both on
/// 127.0.0.1; the service's log lines are kept so tests can look for secrets in them.
struct ServiceHarness: Stoppable {
    static let clientID = "5ha7edapp0123456789abcdef0123456"
    static let clientSecret = "c0nf1dent1al5ecret0123456789abcd"
    static let redirectURI = "http://127.0.0.1/callback"
    /// What margin would send: the allowed URI with the port its callback server got.
    static let redirectWithPort = "http://127.0.0.1:43123/callback"
    static let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    static let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"

    let emulator: SpotifyEmulator
    let emulatorURL: URL
    let server: TokenServer
    let log: LogLines

    /// A client that hands a redirect back, so `/authorize`'s 302 can be read.
    static let http = CurlTransport(timeout: .seconds(30), maxBody: 1 << 20, redirectsAreErrors: false)

    static func start(_ scenario: Scenario = Scenario(), keys: String = "k1 \(testKey(1))",
                      emulator existing: (SpotifyEmulator, URL)? = nil,
                      rateLimit: RateLimit = RateLimit(requests: 10_000, period: .seconds(1)),
                      upstreamTimeout: Duration = .seconds(10),
                      configure: (inout ServiceConfiguration) -> Void = { _ in }) async throws -> ServiceHarness {
        var scenario = scenario
        scenario.clientID = clientID
        scenario.clientSecret = clientSecret
        let emulator: SpotifyEmulator, emulatorURL: URL
        if let existing {
            (emulator, emulatorURL) = existing
        } else {
            emulator = SpotifyEmulator(scenario: scenario)
            emulatorURL = try await emulator.start()
        }
        var configuration = ServiceConfiguration(
            redirectURIs: try RedirectAllowList([redirectURI]), credentials: ClientCredentials(id: clientID, secret: clientSecret),
            keys: try KeyRing(text: keys, path: "keys"))
        configuration.port = 0
        configuration.accountsURL = emulatorURL
        configuration.rateLimit = rateLimit
        configuration.upstreamTimeout = upstreamTimeout
        configure(&configuration)
        let log = LogLines()
        var logger = Logger(label: "margin-token-service") { _ in log.handler }
        logger.logLevel = .debug
        let server = try await TokenServer.start(configuration: configuration, logger: logger)
        return ServiceHarness(emulator: emulator, emulatorURL: emulatorURL, server: server, log: log)
    }

    func stop() async {
        await server.stop()
        await emulator.stop()
    }

    /// A reply with its JSON object.
    struct Reply {
        var status: Int
        var headers: [String: String]
        var object: [String: Any]
        var text: String
        subscript(key: String) -> String? { object[key] as? String }
    }

    func post(_ path: String, _ form: [(String, String)], contentType: String = "application/x-www-form-urlencoded",
              body: String? = nil) async throws -> Reply {
        let encoded = body ?? form.map { "\($0.0)=\(formEncode($0.1))" }.joined(separator: "&")
        return try await send(TransportRequest(method: "POST", url: try url(path), headers: ["Content-Type": contentType],
                                               body: Data(encoded.utf8)))
    }

    func get(_ path: String) async throws -> Reply {
        try await send(TransportRequest(url: try url(path)))
    }

    /// The service's URL for `path`.
    func url(_ path: String) throws -> URL {
        try #require(URL(string: server.url.absoluteString + path))
    }

    func send(_ request: TransportRequest) async throws -> Reply {
        let response = try await Self.http.send(request)
        let text = String(decoding: response.body, as: UTF8.self)
        let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:]
        return Reply(status: response.status, headers: response.headers, object: object, text: text)
    }

    /// A code from the emulator's `/authorize` for the shared app, with margin's PKCE challenge
    /// unless `pkce` is false.
    func code(pkce: Bool = true) async throws -> String {
        var query = "client_id=\(Self.clientID)&response_type=code&redirect_uri=\(formEncode(Self.redirectWithPort))&state=s"
        if pkce { query += "&code_challenge_method=S256&code_challenge=\(Self.challenge)" }
        let response = try await Self.http.send(TransportRequest(url: try #require(URL(string: emulatorURL.absoluteString + "/authorize?" + query))))
        let location = try #require(response.headers["location"])
        let items = URLComponents(string: location)?.queryItems ?? []
        return try #require(items.first { $0.name == "code" }?.value)
    }

    /// A whole login through `/swap`: the sealed refresh token.
    func login() async throws -> String {
        let reply = try await post("/swap", [("code", try await code()), ("redirect_uri", Self.redirectWithPort),
                                             ("code_verifier", Self.verifier)])
        #expect(reply.status == 200, "\(reply.text)")
        return try #require(reply["refresh_token"])
    }

    /// Token requests the emulator has seen.
    func upstreamCount() async -> Int {
        await emulator.requestLog().filter { $0.path == "/api/token" }.count
    }

    /// Fails the test if the service logged a secret: the client secret, or any token, code or
    /// verifier the emulator issued or saw.
    func expectNoSecretsLogged(sourceLocation: SourceLocation = #_sourceLocation) async {
        let text = log.text
        #expect(!text.isEmpty, sourceLocation: sourceLocation)
        for secret in await emulator.secrets() + [Self.clientSecret] where text.contains(secret) {
            Issue.record("the service logged a secret", sourceLocation: sourceLocation)
        }
    }
}

/// Percent-encodes a form value.
func formEncode(_ value: String) -> String {
    value.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? value
}

/// Every line the service logged, metadata included, as text.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    var text: String { lines.withLock { $0.joined(separator: "\n") } }

    func append(_ line: String) { lines.withLock { $0.append(line) } }

    /// A log handler writing here.
    var handler: Handler { Handler(sink: self) }

    struct Handler: LogHandler {
        let sink: LogLines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { _, new in new }
            sink.append("\(event.level) \(event.message) \(all)")
        }
    }
}
