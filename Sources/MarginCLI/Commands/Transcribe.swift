import ArgumentParser
import Foundation
import MarginConfig
import MarginViews
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
            var note = try database.resolve(prefix: id)
            let short = String(note.id.prefix(8))
            let path = VoiceNote.audioPath(noteID: note.id, store: store.path(settings))
            guard FileManager.default.fileExists(atPath: path) else { throw VoiceCommandError.noRecording(id: short) }
            let audio = try WAVFile.read(path: path)
            let transcriber = try settings.transcriber()
            let text = try await transcriber.transcribe(audio, file: path)
            guard !text.isEmpty else {
                throw VoiceError.transcriberFailed(command: transcriber.name, reason: "recognized no words; 'margin edit \(short)' types them")
            }
            note.text = text
            note.tags.removeAll { $0 == VoiceNote.untranscribedTag }
            note = try database.update(note)
            try Console.out(json ? NoteEncoding.object(note) : "Transcribed \(short): \(Terminal.sanitize(text))")
        }
    }
}
