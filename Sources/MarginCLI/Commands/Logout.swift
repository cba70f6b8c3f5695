import ArgumentParser
import Foundation
import MarginConfig
import MarginViews
import SpotifyClient

extension MarginCommand {
    /// `margin logout`: forgets the stored credentials.
    struct Logout: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "logout", abstract: "Forget the stored Spotify credentials.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let store = try Settings().credentialStore
            // Which service the login used, for the message; a damaged file is removed all the same.
            let service = (try? store.load())?.tokenService
            if try store.delete() {
                try Console.out(service.map { "Logged out of the token service at \($0.absoluteString); removed \(store.path)." }
                    ?? "Logged out; removed \(store.path).")
            } else {
                try Console.out("Not logged in; nothing to remove.")
            }
        }
    }
}
