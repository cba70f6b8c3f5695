import ArgumentParser
import NoteStore
import NoteTransfer

extension MarginCommand {
    /// `margin show ID`: one note in full.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one note; ID may be any unique prefix.")

        @OptionGroup var store: StoreOptions
        @Argument(help: "The note's id or a unique prefix of it.") var id: String
        @Flag(help: "Print the note object as JSON.") var json = false

        func run() async throws {
            let note = try store.open(try Settings()).resolve(prefix: id)
            try Console.out(json ? NoteEncoding.object(note) : NoteView.detail(note))
        }
    }
}
