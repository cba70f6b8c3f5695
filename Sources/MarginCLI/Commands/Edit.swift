import ArgumentParser
import Foundation
import MarginConfig
import MarginViews
import NoteCapture
import NoteStore
import Voice

extension MarginCommand {
    /// `margin edit ID [TEXT]`: new text, or the old text in `$EDITOR`.
    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a note's text (no TEXT: stdin when piped, else $EDITOR).")

        @OptionGroup var store: StoreOptions
        @Argument(help: "The note's id or a unique prefix of it.") var id: String
        @Argument(help: "The new text.") var text: [String] = []

        func run() async throws {
            let settings = try Settings()
            let database = try store.open(settings)
            var note = try database.resolve(prefix: id)
            let updated: String
            var signal: Int32?
            if !text.isEmpty {
                updated = text.joined(separator: " ")
            } else if !Console.stdinIsTerminal {
                // Scripts pipe the new text in; an editor needs a terminal.
                updated = NoteDraft.standardInput()
            } else {
                let edited = try Editor.session(note.text, environment: settings.environment)
                updated = edited.text.trimmingCharacters(in: .newlines)
                signal = edited.signal
            }
            // A signal ended the editor: what it had saved is kept, then margin ends as the signal says.
            defer { if let signal { Console.err("margin: stopped by signal \(signal)") } }
            if let signal, updated.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty || updated == note.text {
                throw ExitCode(128 + signal)
            }
            guard !updated.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw NoteFailure(.empty) }
            guard updated != note.text else {
                Console.err("No change.")
                return
            }
            note.text = updated
            // A voice note whose transcript is written by hand is transcribed now.
            if note.voice != nil {
                note.voice?.state = .done
                note.voice?.error = nil
            }
            try database.update(note)
            try Console.out("Updated \(note.id.prefix(8)).")
            if let signal { throw ExitCode(128 + signal) }
        }
    }
}
