import ArgumentParser
import Foundation
import NoteStore

extension MarginCommand {
    /// `margin pin ID --episode REF --at TIME`: pins a note taken without a position.
    struct Pin: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "pin", abstract: "Pin a note to an episode and position.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var store: StoreOptions
        @Argument(help: "The note's id or a unique prefix of it.") var id: String
        @Option(help: "The episode: \(SpotifyRef.examples(.episode)).") var episode: String
        @Option(help: "The position: \(TimeValue.examples).") var at: String

        func validate() throws {
            guard SpotifyRef(parsing: episode, as: .episode) != nil else {
                throw ValidationError("'\(episode)' is not an episode; use \(SpotifyRef.examples(.episode))")
            }
            guard TimeValue(parsing: at) != nil else { throw ValidationError("'\(at)' is not a time; use \(TimeValue.examples)") }
        }

        func run() async throws {
            guard let ref = SpotifyRef(parsing: episode, as: .episode), let time = TimeValue(parsing: at) else { return }
            let settings = try Settings()
            let database = try store.open(settings)
            var note = try database.resolve(prefix: id)
            let api = try? settings.connection(verbose: global.verbose).api
            let (pin, warning) = await Capture.manualPin(episode: ref.id, at: time.milliseconds, store: database, api: api)
            if let warning { Console.err("margin: \(warning)") }
            note.pin = pin
            try database.update(note)
            try Console.out("Pinned \(note.id.prefix(8)) at \(time) in \(Terminal.sanitize(pin.itemName ?? ref.uri)).")
        }
    }
}
