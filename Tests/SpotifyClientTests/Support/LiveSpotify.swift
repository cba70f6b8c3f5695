import Foundation
import SpotifyEmulator
@testable import SpotifyClient
import TestSupport

/// A running emulator with a logged-in ``SpotifyAPI`` in front of it: the real transport stack
/// (retries, bearer tokens, timeouts) over real HTTP on 127.0.0.1.
struct LiveSpotify: Sendable {
    let emulator: SpotifyEmulator
    let base: URL
    let api: SpotifyAPI

    /// Starts an emulator for `scenario`, logs in, runs `body`, and stops the emulator and removes
    /// the credentials whether `body` succeeds or throws.
    static func run<T: Sendable>(_ scenario: Scenario = Scenario(), timeout: Duration = .seconds(30),
                                 _ body: (LiveSpotify) async throws -> T) async throws -> T {
        let emulator = SpotifyEmulator(scenario: scenario)
        let base = try await emulator.start(port: 0)
        let directory = try temporaryDirectory("margin-api")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            let store = CredentialStore(directory: directory + "/margin")
            try store.save(try await EmulatorLogin.credentials(base: base))
            let endpoints = SpotifyEndpoints(accountsURL: base, apiURL: base.appendingPathComponent("v1"), timeout: timeout)
            let live = LiveSpotify(emulator: emulator, base: base, api: SpotifyConnection(endpoints: endpoints, store: store).api)
            let result = try await body(live)
            await emulator.stop()
            return result
        } catch {
            await emulator.stop()
            throw error
        }
    }

    /// The Web API requests since the log was last cleared (login requests excluded by callers
    /// that clear first).
    func apiRequests() async -> [LoggedRequest] {
        await emulator.requestLog().filter { $0.path.hasPrefix("/v1/") }
    }
}

/// Logs in to the emulator without a browser: the PKCE authorize step over HTTP (not following
/// the redirect, whose target is never listened on), then the code exchange.
enum EmulatorLogin {
    static let clientID = "0123456789abcdef0123456789abcdef"
    static let redirectURI = "http://127.0.0.1:1/cb"

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func credentials(base: URL) async throws -> Credentials {
        let pkce = try PKCE.generate()
        var components = URLComponents(url: base.appendingPathComponent("authorize"), resolvingAgainstBaseURL: false)
        components?.percentEncodedQuery = FormEncoding.encode([
            ("client_id", clientID), ("response_type", "code"), ("redirect_uri", redirectURI), ("state", "s"),
            ("scope", "user-read-playback-state user-modify-playback-state user-library-read"),
            ("code_challenge_method", "S256"), ("code_challenge", pkce.challenge),
        ])
        guard let url = components?.url else { throw Failure(description: "cannot build the authorize URL") }
        let location = try await redirectLocation(of: url)
        guard let code = URLComponents(string: location)?.queryItems?.first(where: { $0.name == "code" })?.value else {
            throw Failure(description: "the authorize redirect carried no code")
        }
        let accounts = AccountsClient(baseURL: base, transport: CurlTransport())
        let reply = try await accounts.exchange(code: code, redirectURI: redirectURI, clientID: clientID, verifier: pkce.verifier)
        return Credentials(accessToken: reply.accessToken, refreshToken: reply.refreshToken ?? "",
                           expiresAt: Date().addingTimeInterval(TimeInterval(reply.expiresIn)),
                           scope: reply.scope ?? "", clientID: clientID)
    }

    /// The `Location` of `url`'s redirect, handed back rather than refused.
    private static func redirectLocation(of url: URL) async throws -> String {
        let response = try await CurlTransport(timeout: .seconds(30), redirectsAreErrors: false).send(TransportRequest(url: url))
        guard (300..<400).contains(response.status), let location = response.headers["location"] else {
            throw Failure(description: "authorize answered \(response.status) without a redirect")
        }
        return location
    }
}
