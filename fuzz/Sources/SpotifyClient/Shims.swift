// Not product code: the two types below stand in for declarations whose files need libraries
// the fuzz package does not build. Everything else in this folder links to ../../../Sources.
//
// PKCE (PKCE.swift, which imports Crypto for SHA-256): AuthorizeRequest.swift, the file that
// holds FormEncoding, stores one. No harness builds an authorize request.
public struct PKCE: Sendable, Equatable {
    public let verifier: String
    public let challenge: String

    public static func generate() -> PKCE { fatalError("PKCE is not part of the fuzz build") }
}

// TLSFailure (TLSFailure.swift, which imports NIOSSL): SpotifyError.swift names it in
// `case tls(host:reason:)`. Without cases here, that error cannot be made in the fuzz build.
public enum TLSFailure: Sendable, Equatable {
    func message(host: String) -> String { switch self {} }
}
