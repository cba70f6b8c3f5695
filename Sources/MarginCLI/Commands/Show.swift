import ArgumentParser
import Foundation
import MarginConfig
import MarginViews
import NoteStore
import NoteTransfer
import Voice

extension MarginCommand {
    /// `margin show ID`: one note in full.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one note; ID may be any unique prefix.")

        @OptionGroup var store: StoreOptions
        @Argument(help: "The note's id or a unique prefix of it.") var id: String
        @Flag(name: .shortAndLong, help: "Print the note object as JSON.") var json = false
        @Flag(help: "Print the note's earlier texts instead: replaced by edits, or lost in sync conflicts.") var history = false

        func run() async throws {
            let settings = try Settings()
            let database = try store.open(settings)
            if history { return try showHistory(database) }
            let note = try database.resolve(prefix: id)
            guard !json else { return try Console.out(NoteEncoding.object(note)) }
            let audio = note.voice?.audio ?? VoiceNote.audioPath(noteID: note.id, store: store.path(settings))
            let recording = FileManager.default.fileExists(atPath: audio) ? audio : nil
            try Console.out(NoteView.detail(note, recording: recording))
        }

        /// `--history`: newest first; also for a note deleted since, by the id its texts keep.
        private func showHistory(_ database: NoteDatabase) throws {
            let noteID: String
            if (try? database.resolve(prefix: id)) == nil, let kept = try database.versionedNoteID(prefix: id) {
                noteID = kept
            } else {
                noteID = try database.resolve(prefix: id).id
            }
            let versions = try database.versions(of: noteID)
            if json {
                let objects = versions.map { version in
                    "{\"id\":\(NoteEncoding.string(version.noteID)),\"kind\":\"\(version.kind.rawValue)\",\"text\":\(NoteEncoding.string(version.text)),\"updated_at\":\"\(NoteTimestamp.string(from: version.updatedAt))\",\"stamp\":\"\(version.stamp)\"}"
                }
                return try Console.out("[" + objects.joined(separator: ",") + "]")
            }
            let short = String(noteID.prefix(8))
            guard !versions.isEmpty else { return try Console.out("\(short) has no earlier versions") }
            var lines: [String] = []
            for version in versions {
                let why = version.kind == .conflict ? "lost a sync conflict" : "replaced by an edit"
                lines.append("\(Timestamp.string(version.updatedAt))  \(why)")
                for line in version.text.split(separator: "\n", omittingEmptySubsequences: false) {
                    lines.append("  " + Terminal.sanitize(String(line)))
                }
            }
            try Console.out(lines.joined(separator: "\n"))
        }
    }
}
