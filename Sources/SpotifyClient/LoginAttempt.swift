import Foundation
import Synchronization

/// One run of the PKCE login: the callback server is listening and the authorize URL is ready;
/// ``finish(timeout:)`` waits for the callback (or a pasted redirect URL) and exchanges the code.
public final class LoginAttempt: Sendable {
    public let request: AuthorizeRequest
    /// The URL the user opens; carries the challenge and state, never the verifier.
    public var authorizeURL: URL { request.url }
    private let server: CallbackServer
    private let accounts: AccountsClient
    /// Where the code goes instead of Spotify's token endpoint, when the login is through a
    /// token service; the credentials then remember it for their refreshes.
    private let tokenService: TokenServiceClient?
    private let outcomes: AsyncStream<CallbackOutcome>
    private let sink: AsyncStream<CallbackOutcome>.Continuation
    private let called: Called
    private let now: @Sendable () -> Date

    /// True once a callback of this login (or its pasted redirect) has come, before its code
    /// is exchanged: whatever the browser does after that no longer matters to the login.
    public var hasCallback: Bool { called.flag.withLock { $0 } }

    private final class Called: Sendable {
        let flag = Mutex(false)
    }

    /// Starts the callback server on `redirect` and prepares the authorize request. With a
    /// `tokenService`, the code and its PKCE verifier go to its `/swap`.
    public static func start(accounts: AccountsClient, clientID: String, redirect: RedirectURI,
                             tokenService: TokenServiceClient? = nil,
                             now: @escaping @Sendable () -> Date = Date.init) async throws -> LoginAttempt {
        let pkce = try PKCE.generate()
        let (outcomes, sink) = AsyncStream<CallbackOutcome>.makeStream()
        let state = RandomToken.make(length: 32)
        let called = Called()
        let server = try await CallbackServer.start(redirect: redirect, expectedState: state) { outcome in
            called.flag.withLock { $0 = true }
            sink.yield(outcome)
        }
        let request = AuthorizeRequest(accountsURL: accounts.baseURL, clientID: clientID,
                                       redirectURI: redirect.resolved(port: server.port), state: state, pkce: pkce)
        return LoginAttempt(request: request, server: server, accounts: accounts, tokenService: tokenService,
                            outcomes: outcomes, sink: sink, called: called, now: now)
    }

    private init(request: AuthorizeRequest, server: CallbackServer, accounts: AccountsClient, tokenService: TokenServiceClient?,
                 outcomes: AsyncStream<CallbackOutcome>, sink: AsyncStream<CallbackOutcome>.Continuation,
                 called: Called, now: @escaping @Sendable () -> Date) {
        self.request = request
        self.server = server
        self.accounts = accounts
        self.tokenService = tokenService
        self.outcomes = outcomes
        self.sink = sink
        self.called = called
        self.now = now
    }

    /// What became of a pasted redirect URL.
    public enum Submission: Sendable, Equatable {
        /// A callback of this login: ``finish(timeout:)`` goes on with it.
        case accepted
        /// Not a callback URL at all.
        case notRedirect
        /// A callback whose `state` does not match this login (forged or from an older
        /// attempt): ignored, and the login keeps waiting for the real one.
        case stateMismatch
    }

    /// Takes a redirect URL the user pasted (SSH sessions).
    @discardableResult
    public func submit(pasted text: String) -> Submission {
        switch CallbackOutcome.classify(pastedURL: text, expectedState: request.state) {
        case nil, .ignored: return .notRedirect
        case .stateMismatch: return .stateMismatch
        case let outcome?:
            called.flag.withLock { $0 = true }
            sink.yield(outcome)
            return .accepted
        }
    }

    /// Waits for the first callback of this login, closes the server, and exchanges the code for
    /// credentials. Callbacks whose `state` does not match never end the wait.
    public func finish(timeout: Duration) async throws -> Credentials {
        let outcomes = self.outcomes
        let first: CallbackOutcome? = try await withThrowingTaskGroup(of: CallbackOutcome?.self) { group in
            group.addTask {
                for await outcome in outcomes { return outcome }
                return nil
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
        sink.finish()
        await server.stop()
        switch first {
        case .code(let code):
            // PKCE even through a token service: its /swap is public, so the verifier is what
            // keeps a code intercepted on its way back from being swapped by anyone else.
            let reply = if let tokenService {
                try await tokenService.swap(code: code, redirectURI: request.redirectURI, verifier: request.pkce.verifier)
            } else {
                try await accounts.exchange(code: code, redirectURI: request.redirectURI,
                                            clientID: request.clientID, verifier: request.pkce.verifier)
            }
            guard let refreshToken = reply.refreshToken, !refreshToken.isEmpty else {
                throw LoginError.exchangeFailed("the reply had no refresh token")
            }
            return Credentials(accessToken: reply.accessToken, refreshToken: refreshToken,
                               expiresAt: now().addingTimeInterval(TimeInterval(reply.expiresIn)),
                               scope: reply.scope ?? request.scopes.joined(separator: " "), clientID: request.clientID,
                               tokenService: tokenService?.baseURL)
        case .denied(let error):
            throw LoginError.denied(error)
        case .stateMismatch, .ignored, nil:
            throw LoginError.timedOut(seconds: Int(timeout.components.seconds))
        }
    }

    /// Closes the server without waiting for a callback.
    public func cancel() async {
        sink.finish()
        await server.stop()
    }
}
