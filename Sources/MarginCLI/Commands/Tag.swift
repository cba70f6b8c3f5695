import ArgumentParser
import MarginConfig
import MarginViews
import NoteStore

extension MarginCommand {
    /// `margin tag ID +t -u`: adds and removes tags.
    struct Tag: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tag",
            abstract: "Add (+tag or tag) and remove (-tag) a note's tags; with none, print them.")

        @OptionGroup var store: StoreOptions
        @Argument(help: "The note's id or a unique prefix of it.") var id: String
        @Argument(parsing: .allUnrecognized, help: "+tag to add, -tag to remove.") var changes: [String] = []

        func run() async throws {
            let database = try store.open(try Settings())
            var note = try database.resolve(prefix: id)
            var tags = Set(note.tags)
            for change in changes {
                if change.hasPrefix("-") {
                    tags.subtract(try Tags.normalize([String(change.dropFirst())]))
                } else {
                    tags.formUnion(try Tags.normalize([change.hasPrefix("+") ? String(change.dropFirst()) : change]))
                }
            }
            let sorted = tags.sorted()
            if sorted != note.tags {
                note.tags = sorted
                try database.update(note)
            }
            try Console.out(sorted.isEmpty ? "No tags." : sorted.joined(separator: " "))
        }
    }
}
