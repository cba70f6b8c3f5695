import ArgumentParser
import Foundation
import MarginConfig
import MarginViews
import NoteCapture
import NoteStore
import NoteTransfer
import Voice

extension MarginCommand {
    /// `margin transcribe ID`: transcribes a voice note's recording again.
    struct Transcribe: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "transcribe",
            abstract: "Transcribe a voice note's recording again, replacing its text.",
            discussion: "Uses transcribe.command when it is set, else PocketSphinx (transcribe.model).")

        @OptionGroup var store: StoreOptions
        @Argument(help: "The note's id or a unique prefix of it.") var id: String
        @Flag(help: "Print the updated note as JSON.") var json = false

        func run() async throws {
            let settings = try Settings()
            let database = try store.open(settings)
            let found = try database.resolve(prefix: id)
            let short = String(found.id.prefix(8))
            let note: Note
            do {
                note = try await Transcription.redo(found, in: database, storePath: store.path(settings), with: try settings.transcriber())
            } catch Transcription.Failure.noRecording {
                throw VoiceCommandError.noRecording(id: short)
            }
            try Console.out(json ? NoteEncoding.object(note) : "Transcribed \(short): \(Terminal.sanitize(note.text))")
        }
    }
}
