import Foundation

/// Where the hub is: a standard `postgres://user@host:port/db?sslmode=…` URL, read the way
/// libpq reads it, with the password found the way libpq finds it (the URL, `PGPASSWORD`,
/// then `~/.pgpass`).
///
/// The password is kept out of every description: ``description`` is what messages name.
public struct HubAddress: Sendable, Equatable, CustomStringConvertible {
    /// How the connection is secured; libpq's `sslmode` names. Certificates, when TLS is on,
    /// are always verified: `require` and `verify-ca` check the chain, `verify-full` the name too.
    public enum TLSMode: String, Sendable, Equatable, CaseIterable {
        case disable, allow, prefer, require, verifyCA = "verify-ca", verifyFull = "verify-full"
    }

    public var host: String
    public var port: Int
    /// A directory holding the server's Unix socket (`?host=/run/postgresql`), instead of TCP.
    public var socketDirectory: String?
    public var user: String
    public var database: String
    public var tlsMode: TLSMode
    /// `sslrootcert`: a PEM file of the CAs to trust for this hub.
    public var rootCertificate: String?
    /// The password, from wherever it was found; never printed.
    public var password: String?
    /// `connect_timeout`: seconds to wait for the connection (libpq's name); nil for margin's 10.
    public var connectTimeout: Int?
    /// `application_name`, shown in the server's `pg_stat_activity`.
    public var applicationName: String?

    /// Reads `url`; `environment` supplies `PGPASSWORD`, `PGPASSFILE`, `HOME` and `USER`.
    public init(_ url: String, environment: [String: String]) throws(HubError) {
        // `postgres:ann:pw@host` (no `//`) is a path to URL parsers, not a host: refused.
        guard url.range(of: "://") != nil, let components = URLComponents(string: url),
              let scheme = components.scheme?.lowercased(), ["postgres", "postgresql"].contains(scheme)
        else { throw .invalidAddress(Self.redacted(url), reason: "it is not a postgres:// URL") }
        let query = Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        let known: Set = ["sslmode", "sslrootcert", "host", "port", "user", "dbname", "application_name", "connect_timeout", "password"]
        if let unknown = query.keys.sorted().first(where: { !known.contains($0) }) {
            throw .invalidAddress(Self.redacted(url), reason: "'\(unknown)' is not a parameter margin knows (\(known.sorted().joined(separator: ", ")))")
        }
        let socket = query["host"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        let named = query["host"] ?? components.host.flatMap { $0.isEmpty ? nil : $0 } ?? "localhost"
        // An IPv6 literal is bracketed in a URL (`[::1]`), bare on the wire.
        host = socket == nil ? (named.hasPrefix("[") && named.hasSuffix("]") ? String(named.dropFirst().dropLast()) : named) : "localhost"
        socketDirectory = socket
        if let rawPort = query["port"] ?? components.port.map(String.init) {
            guard let number = Int(rawPort), (1...65535).contains(number) else {
                throw .invalidAddress(Self.redacted(url), reason: "the port '\(rawPort)' is not a number from 1 to 65535")
            }
            port = number
        } else {
            port = 5432
        }
        let fallbackUser = environment["PGUSER"] ?? environment["USER"] ?? "postgres"
        user = query["user"] ?? components.user.flatMap { $0.removingPercentEncoding }.flatMap { $0.isEmpty ? nil : $0 } ?? fallbackUser
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = query["dbname"] ?? (path.removingPercentEncoding.flatMap { $0.isEmpty ? nil : $0 } ?? user)
        let mode = query["sslmode"] ?? "prefer"
        guard let tls = TLSMode(rawValue: mode) else {
            throw .invalidAddress(Self.redacted(url), reason: "sslmode '\(mode)' is not one of \(TLSMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        tlsMode = tls
        rootCertificate = query["sslrootcert"].flatMap { $0.isEmpty ? nil : $0 }
        if let raw = query["connect_timeout"] {
            guard let seconds = Int(raw), (1...600).contains(seconds) else {
                throw .invalidAddress(Self.redacted(url), reason: "connect_timeout '\(raw)' is not a number of seconds from 1 to 600")
            }
            connectTimeout = seconds
        }
        applicationName = query["application_name"]
        password = components.password?.removingPercentEncoding
            ?? query["password"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["PGPASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
            ?? PasswordFile(environment: environment)?.password(host: socket ?? host, port: port, database: database, user: user)
    }

    /// `user@host:port/db`: the hub as messages name it, without a password.
    public var description: String {
        "\(user)@\(socketDirectory ?? (host.contains(":") ? "[\(host)]" : host)):\(port)/\(database)"
    }

    /// `url` with any password replaced by `****`, for a message about a URL that did not
    /// parse: the one in the user part (`ann:PW@`, with or without `//`), and a `password=`
    /// parameter.
    public static func redacted(_ url: String) -> String {
        var text = url
        // The user part: after the scheme (and `//`), up to the last `@` of the text. A password
        // may hold an unencoded `?`, `#` or `/`, so nothing before that `@` ends it; an `@` in
        // the query hides more than the password, which is harmless.
        if let schemeEnd = text.firstIndex(of: ":") {
            var start = text.index(after: schemeEnd)
            if text[start...].hasPrefix("//") { start = text.index(start, offsetBy: 2) }
            if let at = text[start...].lastIndex(of: "@"), let colon = text[start..<at].firstIndex(of: ":") {
                text.replaceSubrange(text.index(after: colon)..<at, with: "****")
            }
        }
        // `password=…` in the query, up to the next parameter.
        if let query = text.firstIndex(of: "?") {
            var rest = String(text[query...])
            while let range = rest.range(of: #"([?&])password=[^&#]*"#, options: [.regularExpression, .caseInsensitive]),
                  !rest[range].hasSuffix("password=****") {
                let separator = rest[range].first.map(String.init) ?? "&"
                rest.replaceSubrange(range, with: separator + "password=****")
            }
            text = String(text[..<query]) + rest
        }
        return text
    }
}
