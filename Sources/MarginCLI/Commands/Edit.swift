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
            var draftToRemove: String?
            if !text.isEmpty {
                updated = text.joined(separator: " ")
            } else if !Console.stdinIsTerminal {
                // Scripts pipe the new text in; an editor needs a terminal.
                updated = NoteDraft.standardInput()
            } else {
                // The editor works on the note's draft file, which outlives a margin killed
                // meanwhile; a draft left that way is what the editor opens next time.
                let draft = Editor.draftPath(noteID: note.id, store: store.path(settings))
                let initial = Self.leftDraft(draft, of: note) ?? note.text
                let edited = try Editor.session(initial, environment: settings.environment, draft: draft)
                updated = edited.text.trimmingCharacters(in: .newlines)
                signal = edited.signal
                draftToRemove = draft
            }
            // A signal ended the editor: what it had saved is kept, then margin ends as the signal says.
            defer { if let signal { Console.err("margin: stopped by signal \(signal)") } }
            let blank = updated.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            // A draft that changes nothing has nothing to keep.
            if blank || updated == note.text, let draftToRemove { Editor.removeDraft(draftToRemove) }
            if let signal, blank || updated == note.text { throw ExitCode(128 + signal) }
            guard !blank else { throw NoteFailure(.empty) }
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
            if let draftToRemove { Editor.removeDraft(draftToRemove) }
            try Console.out("Updated \(note.id.prefix(8)).")
            if let signal { throw ExitCode(128 + signal) }
        }

        /// The text of a draft an earlier editor session left for `note` (margin was killed
        /// while the editor was open), told on stderr; nil when there is none or it holds
        /// the note's own text.
        private static func leftDraft(_ path: String, of note: Note) -> String? {
            guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return nil }
            let text = String(decoding: data, as: UTF8.self)
            guard text.trimmingCharacters(in: .newlines) != note.text else { return nil }
            Console.err("margin: opening the draft an earlier editor left for \(note.id.prefix(8)) (\(path))")
            return text
        }
    }
}
