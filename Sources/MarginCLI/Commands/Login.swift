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
                Spotify app: the code goes to the service, and margin keeps only the sealed refresh token it returns. \
                A token service must be https://, or plain http:// on this machine (localhost, 127.0.0.0/8, ::1); \
                --insecure-token-service allows http:// to another machine, for a lab network.
                """)

        @OptionGroup var global: GlobalOptions
        @Flag(help: "Do not open a browser; only print the URL.") var noBrowser = false
        @Option(help: "Spotify app client ID (overrides MARGIN_CLIENT_ID and the config file).") var clientID: String?
        @Option(help: "Seconds to wait for the login callback.") var timeout: Int = 300
        @Option(help: "Log in through this margin-token-service URL (overrides MARGIN_TOKEN_SERVICE and the config file).")
        var tokenService: String?
        @Flag(help: "Allow a plain http:// token service on another machine (refresh tokens cross the network in the clear; for a lab network only).")
        var insecureTokenService = false

        func validate() throws {
            guard timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds, e.g. --timeout 300") }
            if clientID != nil, tokenService != nil {
                throw ValidationError("--client-id and --token-service exclude each other: the token service names its Spotify app's client ID")
            }
        }

        func run() async throws {
            let settings = try Settings()
            let connection = try settings.connection(verbose: global.verbose)
            let serviceURL = try settings.tokenService(flag: tokenService)
            if let serviceURL, !insecureTokenService, ClearTextPolicy.exposes(serviceURL) {
                throw TokenServiceError.clearText(url: serviceURL.absoluteString, source: tokenServiceSource(settings))
            }
            let service = serviceURL.map { connection.tokenService($0) }
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
            if !noBrowser { Browser.open(attempt, environment: settings.environment) }
            Console.err("Waiting for Spotify to redirect to \(attempt.request.redirectURI) (Ctrl-C to cancel).")
            if Console.stdinIsTerminal { PastedRedirect.read(into: attempt) }
            var credentials = try await attempt.finish(timeout: .seconds(timeout))
            if let serviceURL, ClearTextPolicy.exposes(serviceURL) { credentials.clearTextAllowed = true }
            try settings.credentialStore.save(credentials)
            do {
                let user = try await connection.api.me()
                try Console.out("Logged in to Spotify as \(user.displayName ?? user.id) (\(user.id)).")
            } catch {
                try Console.out("Logged in to Spotify.")
                Console.err("margin: could not read the profile: \((error as? any LocalizedError)?.errorDescription ?? String(describing: error))")
            }
        }

        /// Where the token service URL came from, for the message refusing it.
        private func tokenServiceSource(_ settings: Settings) -> String {
            if let tokenService, !tokenService.isEmpty { return "--token-service" }
            if let value = settings.environment["MARGIN_TOKEN_SERVICE"], !value.isEmpty { return "MARGIN_TOKEN_SERVICE" }
            return "config token-service"
        }
    }
}
