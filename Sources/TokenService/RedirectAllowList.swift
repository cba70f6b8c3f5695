import Foundation

/// The redirect URIs registered in the Spotify app (`--redirect-uri`, repeatable); `/swap`
/// passes a code on only with one of them.
///
/// As at Spotify, an http loopback URI without a port allows any port at the same path:
/// `http://127.0.0.1/callback` covers `http://127.0.0.1:53124/callback`.
public struct RedirectAllowList: Sendable, Equatable {
    public let uris: [String]

    /// Checks each URI against Spotify's rule (https, or http on a loopback IP literal).
    public init(_ uris: [String]) throws(ServiceSetupError) {
        guard !uris.isEmpty else { throw .noRedirectURI }
        for uri in uris where Self.parts(uri) == nil { throw .badRedirectURI(uri) }
        self.uris = uris
    }

    /// The allowed URI that `uri` is, or nil.
    public func matches(_ uri: String) -> Bool {
        guard let candidate = Self.parts(uri) else { return false }
        return uris.contains { allowed in
            guard let entry = Self.parts(allowed) else { return false }
            if entry == candidate { return true }
            return entry.scheme == "http" && entry.port == nil && candidate.port != nil
                && entry.host == candidate.host && entry.path == candidate.path
        }
    }

    /// The URI `/swap` uses when the client sends none (the token swap spec's clients do
    /// not): the only allowed one, if it names a port or is https.
    public var implied: String? {
        guard uris.count == 1, let only = Self.parts(uris[0]), only.scheme == "https" || only.port != nil else { return nil }
        return uris[0]
    }

    private struct Parts: Equatable {
        var scheme: String
        var host: String
        var port: Int?
        var path: String
        var query: String?
    }

    private static func parts(_ uri: String) -> Parts? {
        guard let components = URLComponents(string: uri), let scheme = components.scheme?.lowercased(),
              let host = components.host?.lowercased(), !host.isEmpty, components.fragment == nil
        else { return nil }
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        guard scheme == "https" || (scheme == "http" && (bare == "127.0.0.1" || bare == "::1")) else { return nil }
        return Parts(scheme: scheme, host: bare, port: components.port, path: components.path, query: components.query)
    }
}
