import ArgumentParser
import Foundation
import MarginConfig
import MarginViews
import NoteCapture
import NoteStore
import NoteTransfer
import Voice

extension MarginCommand {
    /// `margin transcribe [ID…]`: finishes every voice note left pending or failed, or
    /// transcribes the given ones again.
    struct Transcribe: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "transcribe",
            abstract: "Transcribe voice notes left pending or failed (or the given ones again), replacing their text.",
            discussion: """
                With no ID, every voice note whose transcription is pending (margin ended before the \
                recognizer finished) or failed. Uses transcribe.engine (auto: transcribe.command when it \
                is set, else Whisper when its runtime and a model are found, else PocketSphinx) or --engine; \
                --engines says what was found. Exit 0 when every note was transcribed, 1 when one was not.
                """)

        @OptionGroup var store: StoreOptions
        @Argument(help: "Notes' ids or unique prefixes of them; none: every pending or failed voice note.") var ids: [String] = []
        @Flag(name: .shortAndLong, help: "Print each transcribed note as JSON, one a line.") var json = false
        @Option(help: "The recognizer for this run: auto, whisper, pocketsphinx or command (default: transcribe.engine).")
        var engine: TranscribeEngine?
        @Flag(help: "Say which recognizers are found, where, and how to install what is missing; transcribe nothing.")
        var engines = false

        func run() async throws {
            let settings = try Settings()
            if engines {
                for line in Self.engineReport(settings, engine: engine) { try Console.out(line) }
                return
            }
            // One recognizer for every note: Whisper's model loads once.
            let recognizer: Result<any Transcriber, any Error> = Result { try settings.transcriber(engine: engine) }
            let database = try store.open(settings)
            let notes = ids.isEmpty ? try database.voiceNotes(in: [.pending, .failed]) : try ids.map { try database.resolve(prefix: $0) }
            if notes.isEmpty {
                Console.err("Nothing to transcribe: every voice note is transcribed.")
                return
            }
            let progress = Console.stderrIsTerminal && notes.count > 1
            var failed = 0
            for (index, found) in notes.enumerated() {
                let short = String(found.id.prefix(8))
                if progress { Console.prompt("\r\u{1B}[2Ktranscribing \(index + 1) of \(notes.count): \(short)…") }
                do {
                    let note = try await Transcription.redo(found, in: database, storePath: store.path(settings), with: try recognizer.get(),
                                                            cut: { Console.err("margin: \(short): \(TranscriptLimit.warning)") })
                    if progress { Console.prompt("\r\u{1B}[2K") }
                    try Console.out(json ? NoteEncoding.object(note) : "Transcribed \(short): \(Terminal.sanitize(note.text))")
                } catch let failure as Transcription.Failure {
                    if progress { Console.prompt("\r\u{1B}[2K") }
                    let error: VoiceCommandError = switch failure {
                    case .noRecording: .noRecording(id: short)
                    case .recordingMissing(_, let path): .recordingMissing(id: short, path: path)
                    }
                    // One note asked for by id: the error is the answer.
                    if notes.count == 1, !ids.isEmpty { throw error }
                    Console.err("margin: \(short): \(error.errorDescription ?? "no recording")")
                    failed += 1
                } catch let error as VoiceError {
                    if progress { Console.prompt("\r\u{1B}[2K") }
                    if notes.count == 1, !ids.isEmpty { throw error }
                    Console.err("margin: \(short): \(error.message)")
                    failed += 1
                }
            }
            if failed > 0 {
                Console.err("margin: \(failed) of \(notes.count) not transcribed; 'margin transcribe' tries them again")
                throw ExitCode(1)
            }
        }
    }
}
