import ArgumentParser
import NoteStore
import NoteTransfer
import Voice
import Foundation

extension MarginCommand {
    /// `margin show ID`: one note in full.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one note; ID may be any unique prefix.")

        @OptionGroup var store: StoreOptions
        @Argument(help: "The note's id or a unique prefix of it.") var id: String
        @Flag(help: "Print the note object as JSON.") var json = false

        func run() async throws {
            let settings = try Settings()
            let note = try store.open(settings).resolve(prefix: id)
            guard !json else { return try Console.out(NoteEncoding.object(note)) }
            let audio = VoiceNote.audioPath(noteID: note.id, store: store.path(settings))
            let recording = FileManager.default.fileExists(atPath: audio) ? audio : nil
            try Console.out(NoteView.detail(note, recording: recording))
        }
    }
}
