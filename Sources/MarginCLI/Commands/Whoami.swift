import ArgumentParser
import Foundation
import MarginConfig
import MarginViews
import NoteStore
import SpotifyClient

extension MarginCommand {
    /// `margin whoami`: who is logged in, with which scopes, until when.
    struct Whoami: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "whoami",
            abstract: "Show the logged-in Spotify account; exits 4 when not logged in.")

        @OptionGroup var global: GlobalOptions
        @Flag(name: .shortAndLong, help: "Print a JSON object.") var json = false

        func run() async throws {
            let connection = try Settings().connection(verbose: global.verbose)
            let user = try await connection.api.me()
            let credentials = try await connection.tokens.credentials()
            let identity = Identity(user: user, credentials: credentials)
            try Console.out(json ? try identity.json() : identity.text(now: Date()))
        }
    }
}

/// The account as `whoami` shows it.
struct Identity: Encodable {
    var id: String
    var displayName: String?
    var product: String?
    var scopes: [String]
    var tokenExpiresAt: Date
    /// The token service the login went through; nil for direct PKCE.
    var tokenService: String?

    init(user: SpotifyUser, credentials: Credentials) {
        id = user.id
        displayName = user.displayName
        product = user.product
        scopes = credentials.scopes
        tokenExpiresAt = credentials.expiresAt
        tokenService = credentials.tokenService?.absoluteString
    }

    enum CodingKeys: String, CodingKey {
        case id, product, scopes
        case displayName = "display_name"
        case tokenExpiresAt = "token_expires_at"
        case tokenService = "token_service"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(product, forKey: .product)
        try container.encode(scopes, forKey: .scopes)
        try container.encode(Timestamp.string(tokenExpiresAt), forKey: .tokenExpiresAt)
        try container.encode(tokenService, forKey: .tokenService)
    }

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    func text(now: Date) -> String {
        let minutes = Int(tokenExpiresAt.timeIntervalSince(now) / 60)
        let expiry = minutes > 0 ? "in \(minutes) min" : "expired; refreshed on next use"
        return """
            \(displayName ?? id) (\(id))
              product  \(product ?? "not reported by Spotify")
              scopes   \(scopes.joined(separator: " "))
              token    expires \(Timestamp.string(tokenExpiresAt)) (\(expiry))
              login    \(tokenService.map { "through the token service at \($0)" } ?? "direct (PKCE with this machine's client ID)")
            """
    }
}
