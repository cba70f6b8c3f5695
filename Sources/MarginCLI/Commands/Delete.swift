import ArgumentParser
import Foundation
import MarginConfig
import MarginViews
import NoteStore
import Voice

extension MarginCommand {
    /// `margin delete ID`: asks first on a terminal unless `--yes`.
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a note (asks first unless --yes).")

        @OptionGroup var store: StoreOptions
        @Argument(help: "The note's id or a unique prefix of it.") var id: String
        @Flag(name: .shortAndLong, help: "Do not ask.") var yes = false

        func run() async throws {
            let settings = try Settings()
            let database = try store.open(settings)
            let note = try database.resolve(prefix: id)
            if !yes {
                guard Console.stdinIsTerminal else {
                    throw ValidationError("not deleting without confirmation; add --yes: margin delete \(id) --yes")
                }
                Console.prompt("Delete \(note.id.prefix(8)) \"\(NoteView.firstLine(note.text))\"? [y/N] ")
                guard let answer = readLine()?.lowercased(), answer == "y" || answer == "yes" else {
                    Console.err("Kept.")
                    return
                }
            }
            try database.delete(id: note.id)
            // Its recording goes too; the note is already gone if this fails.
            try? FileManager.default.removeItem(atPath: VoiceNote.audioPath(noteID: note.id, store: store.path(settings)))
            try Console.out("Deleted \(note.id.prefix(8)).")
        }
    }
}
