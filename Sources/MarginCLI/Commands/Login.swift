import ArgumentParser
import Foundation
import SpotifyClient

extension MarginCommand {
    /// `margin login`: PKCE login through a loopback callback server.
    struct Login: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "login",
            abstract: "Log in to Spotify (PKCE; no client secret).",
            discussion: """
                Prints the authorize URL on stderr and opens it with $BROWSER (else xdg-open). \
                Over SSH, open the URL on any machine and paste the address the browser ends up on here.
                """)

        @OptionGroup var global: GlobalOptions
        @Flag(help: "Do not open a browser; only print the URL.") var noBrowser = false
        @Option(help: "Spotify app client ID (overrides MARGIN_CLIENT_ID and the config file).") var clientID: String?
        @Option(help: "Seconds to wait for the login callback.") var timeout: Int = 300

        func validate() throws {
            guard timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds, e.g. --timeout 300") }
        }

        func run() async throws {
            let settings = try Settings()
            let redirect = try settings.redirectURI()
            let clientID = try settings.clientID(flag: clientID)
            let connection = try settings.connection(verbose: global.verbose)
            let attempt = try await LoginAttempt.start(accounts: connection.accounts, clientID: clientID, redirect: redirect)
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
