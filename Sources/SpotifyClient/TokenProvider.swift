import Foundation
import FileSafety
import Logging

/// Owns the tokens: hands out a fresh access token and runs at most one refresh at a time,
/// in this process (the actor) and across processes (the credential lock).
public actor TokenProvider {
    /// Refresh when fewer than this many seconds of the access token remain.
    public static let refreshMargin: TimeInterval = 600

    let store: CredentialStore
    let accounts: AccountsClient
    let now: @Sendable () -> Date
    let logger: Logger
    private var cached: Credentials?
    private var inFlight: Task<String, any Error>?

    public init(store: CredentialStore, accounts: AccountsClient, logger: Logger = Logger(label: "margin"),
                now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.accounts = accounts
        self.logger = logger
        self.now = now
    }

    /// The stored credentials; throws ``SpotifyError/notLoggedIn`` when there are none.
    public func credentials() throws -> Credentials {
        if let cached { return cached }
        guard let loaded = try store.load() else { throw SpotifyError.notLoggedIn }
        cached = loaded
        return loaded
    }

    /// An access token with at least ``refreshMargin`` left, refreshing first if needed; a
    /// refresh keeps to `deadline` (see ``refresh(replacing:deadline:)``).
    public func accessToken(deadline: ContinuousClock.Instant? = nil) async throws -> String {
        let current = try credentials()
        if current.expiresAt.timeIntervalSince(now()) > Self.refreshMargin { return current.accessToken }
        return try await refresh(replacing: current.accessToken, deadline: deadline)
    }

    /// Replaces `stale` (expired or refused by Spotify) and returns its successor.
    ///
    /// Another process may have refreshed already: under the lock the file is read again, and
    /// a token other than `stale` with time left is used as it is.
    ///
    /// With a `deadline`, waiting for the lock and the refresh request are over by then
    /// (``SpotifyError/timeout(endpoint:seconds:)`` otherwise). Callers that arrive while a
    /// refresh runs share it, and with it the deadline of the caller that started it.
    public func refresh(replacing stale: String, deadline: ContinuousClock.Instant? = nil) async throws -> String {
        if let inFlight { return try await inFlight.value }
        let task = Task { try await self.refreshUnderLock(replacing: stale, deadline: deadline) }
        inFlight = task
        defer { inFlight = nil }
        return try await task.value
    }

    private func refreshUnderLock(replacing stale: String, deadline: ContinuousClock.Instant?) async throws -> String {
        let lock = try await lock(before: deadline)
        defer { lock.release() }
        guard let onDisk = try store.load() else {
            cached = nil
            throw SpotifyError.notLoggedIn
        }
        if onDisk.accessToken != stale, onDisk.expiresAt.timeIntervalSince(now()) > Self.refreshMargin {
            logger.debug("using the access token another margin process refreshed")
            cached = onDisk
            return onDisk.accessToken
        }
        logger.debug("refreshing the access token")
        let reply: TokenReply
        do {
            if let service = onDisk.tokenService {
                if ClearTextPolicy.exposes(service), onDisk.clearTextAllowed != true {
                    throw TokenServiceError.clearTextStored(url: service.absoluteString)
                }
                reply = try await TokenServiceClient(baseURL: service, transport: accounts.transport)
                    .refresh(sealed: onDisk.refreshToken, deadline: deadline)
            } else {
                reply = try await accounts.refresh(refreshToken: onDisk.refreshToken, clientID: onDisk.clientID, deadline: deadline)
            }
        } catch let error as SpotifyError {
            if case .loginRevoked = error {
                logger.debug("refresh token refused; clearing stored credentials")
                cached = nil
                _ = try? store.delete()
            }
            throw error
        }
        let updated = onDisk.refreshed(with: reply, at: now())
        try store.save(updated)
        cached = updated
        return updated.accessToken
    }

    /// The cross-process refresh lock, waited for until `deadline` at most: past it, another
    /// process's refresh is a Spotify that did not answer in time.
    private func lock(before deadline: ContinuousClock.Instant?) async throws -> FileLock {
        guard let deadline else { return try await store.lock() }
        let left = deadline - ContinuousClock.now
        guard left > .zero else { throw SpotifyError.timeout(endpoint: "POST /api/token", seconds: 1) }
        do {
            return try await store.lock(timeout: min(left, .seconds(30)))
        } catch SpotifyError.credentialsUnwritable where ContinuousClock.now >= deadline {
            throw SpotifyError.timeout(endpoint: "POST /api/token", seconds: left.wholeSeconds)
        }
    }
}
