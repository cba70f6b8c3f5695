import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotifyClient

/// Everything one service instance needs: where it listens, the Spotify app it speaks for,
/// its sealing keys and its limits. Secrets come from the environment only (``init(environment:)``).
public struct ServiceConfiguration: Sendable {
    public var host = "127.0.0.1"
    /// 0 picks a free port.
    public var port = 8787
    public var accountsURL = URL(string: SpotifyEndpoints.spotifyAccounts) ?? URL(fileURLWithPath: "/")
    public var redirectURIs: RedirectAllowList
    public var credentials: ClientCredentials
    public var keys: KeyRing
    public var rateLimit = RateLimit.default
    /// The whole upstream call to Spotify, connection included.
    public var upstreamTimeout = Duration.seconds(10)
    /// The CAs the upstream call trusts (`SSL_CERT_FILE`, `SSL_CERT_DIR`).
    public var trust = TrustRoots.system
    /// PEM certificate chain and key: the service then speaks HTTPS itself.
    public var tls: TLSFiles?
    /// Take the client address from the last `X-Forwarded-For` entry (behind a reverse proxy
    /// that sets it), not from the connection.
    public var trustForwardedFor = false
    /// Form bodies are a few hundred bytes; anything past this is refused with 413.
    public var maxBodyBytes = 8 * 1024
    /// All request header lines together.
    public var maxHeaderBytes = 16 * 1024
    /// Connections open at once (`--max-connections`); at the cap the one waiting longest for a
    /// request head is closed to admit a new one. Default: 80% of the file descriptor limit.
    public var maxConnections = ServiceConfiguration.defaultMaxConnections
    /// Time to send a complete request head, from the connection's start or the last answer.
    public var headerTimeout = Duration.seconds(10)
    /// Time to send the body once the head is in.
    public var bodyTimeout = Duration.seconds(10)
    /// `/swap` calls to Spotify for all clients together: a flood of logins (or of codes) cannot
    /// spend the app's quota at Spotify.
    public var swapLimit = RateLimit(requests: 60, period: .seconds(60))
    /// Where `/metrics` is served; nil: nowhere.
    public var metricsListen: (host: String, port: Int)?

    public init(redirectURIs: RedirectAllowList, credentials: ClientCredentials, keys: KeyRing) {
        self.redirectURIs = redirectURIs
        self.credentials = credentials
        self.keys = keys
    }

    /// Reads `MARGIN_SERVICE_CLIENT_ID`, `MARGIN_SERVICE_CLIENT_SECRET` (or `…_SECRET_FILE`),
    /// `MARGIN_SERVICE_KEYS_FILE` and the trust roots from `environment`.
    public init(environment: [String: String], redirectURIs: RedirectAllowList) throws {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        guard let clientID = value("MARGIN_SERVICE_CLIENT_ID") else { throw ServiceSetupError.missing("MARGIN_SERVICE_CLIENT_ID") }
        let secret: String
        switch (value("MARGIN_SERVICE_CLIENT_SECRET"), value("MARGIN_SERVICE_CLIENT_SECRET_FILE")) {
        case (_?, _?):
            throw ServiceSetupError.bothSecrets
        case (let inline?, nil):
            secret = inline
        case (nil, let path?):
            secret = try Self.secret(path: path)
        case (nil, nil):
            throw ServiceSetupError.missing("MARGIN_SERVICE_CLIENT_SECRET")
        }
        guard let keysPath = value("MARGIN_SERVICE_KEYS_FILE") else { throw ServiceSetupError.missing("MARGIN_SERVICE_KEYS_FILE") }
        self.init(redirectURIs: redirectURIs, credentials: ClientCredentials(id: clientID, secret: secret),
                  keys: try KeyRing.load(path: keysPath))
        trust = TrustRoots(environment: environment)
    }

    /// 80% of the soft limit on open files, leaving the rest for the upstream connections, the
    /// listening sockets and the files the process reads; the kernel then never refuses an
    /// accept for want of a descriptor.
    public static var defaultMaxConnections: Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 10_000 }
        // RLIM_INFINITY is the largest value: capped like any other huge limit.
        return max(1, Int(min(limit.rlim_cur, 10_000_000)) * 8 / 10)
    }

    /// The client secret in `path`, which only its owner may read.
    static func secret(path: String) throws(ServiceSetupError) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .unreadableSecret(path: path) }
        let mode = Int(info.st_mode) & 0o777
        guard mode & 0o077 == 0 else { throw .insecureSecret(path: path, mode: mode) }
        guard let data = FileManager.default.contents(atPath: path),
              let text = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty
        else { throw .unreadableSecret(path: path) }
        return text
    }
}

/// The Spotify app's client id and secret. Its description never shows the secret.
public struct ClientCredentials: Sendable, CustomStringConvertible {
    public let id: String
    let secret: String

    public init(id: String, secret: String) {
        self.id = id
        self.secret = secret
    }

    /// `Basic base64(id:secret)`, RFC 6749 §2.3.1 (form-encoding first, as the RFC asks).
    var basicAuthorization: String {
        "Basic " + Data("\(FormEncoding.escape(id)):\(FormEncoding.escape(secret))".utf8).base64EncodedString()
    }

    public var description: String { "client \(id) (secret not shown)" }
}

/// A certificate chain and private key, both PEM files.
public struct TLSFiles: Sendable, Equatable {
    public var certificate: String
    public var key: String

    public init(certificate: String, key: String) {
        self.certificate = certificate
        self.key = key
    }
}
