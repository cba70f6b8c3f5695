import ArgumentParser
import Foundation
import MarginConfig
import MarginViews
import SpotifyClient

extension MarginCommand {
    /// `margin login`: PKCE login through a loopback callback server, directly or through a
    /// token service (a Spotify app shared by a household).
    struct Login: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "login",
            abstract: "Log in to Spotify (PKCE; no client secret).",
            discussion: """
                Prints the authorize URL on stderr and opens it with $BROWSER (else xdg-open). \
                Over SSH, open the URL on any machine and paste the address the browser ends up on here. \
                With --token-service (config token-service), the login uses that margin-token-service's \
                Spotify app: the code goes to the service, and margin keeps only the sealed refresh token it returns.
                """)

        @OptionGroup var global: GlobalOptions
        @Flag(help: "Do not open a browser; only print the URL.") var noBrowser = false
        @Option(help: "Spotify app client ID (overrides MARGIN_CLIENT_ID and the config file).") var clientID: String?
        @Option(help: "Seconds to wait for the login callback.") var timeout: Int = 300
        @Option(help: "Log in through this margin-token-service URL (overrides MARGIN_TOKEN_SERVICE and the config file).")
        var tokenService: String?

        func validate() throws {
            guard timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds, e.g. --timeout 300") }
            if clientID != nil, tokenService != nil {
                throw ValidationError("--client-id and --token-service exclude each other: the token service names its Spotify app's client ID")
            }
        }

        func run() async throws {
            let settings = try Settings()
            let connection = try settings.connection(verbose: global.verbose)
            let service = try settings.tokenService(flag: tokenService).map { connection.tokenService($0) }
            var redirect = try settings.redirectURI()
            let clientID: String
            if let service {
                let offered = try await service.configuration()
                clientID = offered.clientID
                redirect = try offered.redirect(preferred: redirect, chosen: settings.redirectURIChosen)
                Console.err("Logging in through the token service at \(service.baseURL.absoluteString).")
            } else {
                clientID = try settings.clientID(flag: self.clientID)
            }
            let attempt = try await LoginAttempt.start(accounts: connection.accounts, clientID: clientID, redirect: redirect,
                                                       tokenService: service)
            Console.err("Open this URL in a browser to log in to Spotify:\n\n  \(attempt.authorizeURL.absoluteString)\n")
            if !noBrowser, let failure = Browser.open(attempt.authorizeURL, environment: settings.environment) {
                Console.err("Could not open a browser (\(failure)); open the URL above yourself.")
            }
            Console.err("Waiting for Spotify to redirect to \(attempt.request.redirectURI) (Ctrl-C to cancel).")
            if Console.stdinIsTerminal { PastedRedirect.read(into: attempt) }
            let credentials = try await attempt.finish(timeout: .seconds(timeout))
            try settings.credentialStore.save(credentials)
            do {
                let user = try await connection.api.me()
                try Console.out("Logged in to Spotify as \(user.displayName ?? user.id) (\(user.id)).")
            } catch {
                try Console.out("Logged in to Spotify.")
                Console.err("margin: could not read the profile: \((error as? any LocalizedError)?.errorDescription ?? String(describing: error))")
            }
        }
    }
}
