import Foundation

/// A loopback redirect URI that margin can listen on, checked the way Spotify checks it.
///
/// Since 2025-11-27 Spotify accepts http redirects only on a loopback IP literal
/// (`127.0.0.1` or `[::1]`); `localhost` is rejected as insecure. A URI registered without a
/// port accepts any port at login time, so margin then listens on a free one.
public struct RedirectURI: Sendable, Equatable, CustomStringConvertible {
    /// `127.0.0.1` or `::1` (no brackets).
    public let host: String
    /// The fixed port, or nil to pick a free one at run time.
    public let port: Int?
    /// The callback path, `/` when the URI has none.
    public let path: String

    public static let `default` = "http://127.0.0.1:8888/callback"

    /// Parses and checks `string`; throws ``RedirectURIError`` with Spotify's rule otherwise.
    public init(_ string: String) throws(RedirectURIError) {
        guard let components = URLComponents(string: string), let scheme = components.scheme?.lowercased(),
              let rawHost = components.host, !rawHost.isEmpty
        else { throw .malformed(string) }
        let host = rawHost.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if host == "localhost" { throw .localhost(string) }
        guard scheme == "http" else {
            if scheme == "https" { throw .notLoopback(string) }
            throw .malformed(string)
        }
        guard host == "127.0.0.1" || host == "::1" else { throw .notLoopback(string) }
        if let port = components.port, !(1...65535).contains(port) { throw .malformed(string) }
        guard components.query == nil, components.fragment == nil else { throw .malformed(string) }
        self.host = host
        self.port = components.port
        self.path = components.path.isEmpty ? "/" : components.path
    }

    /// The URI as sent to Spotify once the listening port is known.
    public func resolved(port actual: Int) -> String {
        let hostPart = host.contains(":") ? "[\(host)]" : host
        return "http://\(hostPart):\(actual)\(path)"
    }

    public var description: String {
        let hostPart = host.contains(":") ? "[\(host)]" : host
        return "http://\(hostPart)\(port.map { ":\($0)" } ?? "")\(path)"
    }
}

/// Why a redirect URI cannot be used.
public enum RedirectURIError: Error, Equatable, LocalizedError {
    case malformed(String)
    case localhost(String)
    case notLoopback(String)

    public var errorDescription: String? {
        switch self {
        case .malformed(let uri):
            "redirect URI '\(uri)' is not a valid loopback URI; use one like 'http://127.0.0.1:8888/callback'"
        case .localhost(let uri):
            "redirect URI '\(uri)' uses 'localhost', which Spotify rejects as insecure since 2025-11-27; register and use 'http://127.0.0.1:8888/callback' (or 'http://[::1]:8888/callback') instead"
        case .notLoopback(let uri):
            "redirect URI '\(uri)' is not on this machine's loopback address; Spotify allows plain http only on 127.0.0.1 or [::1], and margin must listen there: use 'http://127.0.0.1:8888/callback'"
        }
    }
}
