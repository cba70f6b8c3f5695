import ArgumentParser
import Foundation
import SpotifyClient

extension MarginCommand {
    /// `margin logout`: forgets the stored credentials.
    struct Logout: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "logout", abstract: "Forget the stored Spotify credentials.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let store = try Settings().credentialStore
            if try store.delete() {
                try Console.out("Logged out; removed \(store.path).")
            } else {
                try Console.out("Not logged in; nothing to remove.")
            }
        }
    }
}
