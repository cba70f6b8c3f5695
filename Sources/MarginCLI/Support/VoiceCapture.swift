import Foundation
import NoteCapture
import NoteStore
import Voice
import MarginConfig
import MarginViews

/// `margin note --voice`: the dictation that capture runs once the moment is pinned and
/// playback paused.
struct VoiceCapture: Sendable {
    var settings: Settings
    var storePath: String
    var audioFile: String?
    var maxSeconds: Double
    var noteID: String

    /// Records (or reads the file), keeps the audio beside the store under the note's id,
    /// transcribes it, and says on stderr what was heard.
    func dictate() async throws -> CaptureRequest.Dictation {
        let take = VoiceTake(transcriber: try settings.transcriber(), maxSeconds: maxSeconds)
        let source: VoiceTake.Source
        if let audioFile {
            source = .file(audioFile)
        } else {
            guard let program = RecorderProgram.find(environment: settings.environment) else { throw VoiceError.noRecorder }
            source = .microphone(Recorder(program: program), stop: StopKeys.stream())
        }
        let meter = LevelMeter(enabled: audioFile == nil && Console.stderrIsTerminal, maxSeconds: maxSeconds)
        meter.start()
        defer {
            meter.end()
            StopKeys.restore()
        }
        let result = try await take.take(from: source, progress: { meter.show($0) }) { audio throws(VoiceError) in
            try VoiceNote.keep(audio, noteID: noteID, store: storePath)
        }
        if result.cut { Console.err("margin: the recording is longer than \(Int(maxSeconds)) s (--max); the note keeps its first \(Int(maxSeconds)) s") }
        if result.ending == .limit { Console.err("margin: stopped at the \(Int(maxSeconds)) s limit (--max)") }
        let short = noteID.prefix(8)
        switch result.transcript {
        case .success(let text) where !text.isEmpty:
            Console.err("margin: heard (\(take.transcriber.name), a draft; 'margin edit \(short)' corrects it): \(Terminal.sanitize(text))")
        case .success:
            Console.err("margin: no words recognized; the recording is kept: 'margin listen \(short)', then 'margin edit \(short)' or 'margin transcribe \(short)'")
        case .failure(let error):
            Console.err("margin: \(error.message); the recording is kept: 'margin transcribe \(short)' tries again")
        }
        return CaptureRequest.Dictation(text: result.text, tags: result.tags)
    }
}
