import Foundation
import NoteCapture
import NoteStore
import Synchronization
import Voice
import FileSafety
import MarginConfig
import MarginViews

/// `margin note --voice`: the dictation capture runs once the moment is pinned and playback
/// paused, with what the user hears about it on stderr.
struct VoiceCapture: Sendable {
    var settings: Settings
    var storePath: String
    var audioFile: String?
    var maxSeconds: Double
    var noteID: String

    /// The capture body: records (or reads the file), keeps the audio beside the store under
    /// the note's id, transcribes it, and says on stderr what was heard.
    var body: CaptureRequest.What {
        .dictate(audio: VoiceNote.audioPath(noteID: noteID, store: storePath)) { spoken in try await dictate(spoken: spoken) }
    }

    func dictate(spoken: @escaping @Sendable () async -> Void) async throws -> CaptureRequest.Written {
        let source: Dictation.Source
        // Enter and the signals end the recording; once it is kept, a signal ends the wait on
        // its transcript.
        let keys = StopKeys(watchingStdin: audioFile == nil && !StandardStreams.closedAtStart.contains(STDIN_FILENO),
                            signalsFromArming: audioFile != nil)
        defer { keys.end() }
        if let audioFile {
            source = .file(audioFile)
        } else {
            guard let program = RecorderProgram.find(environment: settings.environment) else { throw VoiceError.noRecorder }
            source = .microphone(program, stop: keys.presses)
        }
        let dictation = Dictation(transcriber: try settings.transcriber(), source: source, maxSeconds: maxSeconds,
                                  noteID: noteID, storePath: storePath)
        let meter = LevelMeter(enabled: audioFile == nil && Console.stderrIsTerminal, maxSeconds: maxSeconds)
        meter.start()
        defer { meter.end() }
        let short = noteID.prefix(8)
        let ending = await TranscriptWait.first(of: { () async throws(VoiceError) -> VoiceTake.Result in
            try await dictation.take(progress: { meter.show($0) }, spoken: {
                meter.end()
                await spoken()
                // The note is stored with its recording and playback resumed: a signal now
                // need not wait for the transcript.
                keys.arm()
            })
        }, or: keys.nextSignal)
        let result: VoiceTake.Result
        switch ending {
        case .taken(let taken):
            result = try taken.get()
        case .stopped(let signal):
            Console.err("margin: stopped before the transcript was ready; the note is saved with its recording: 'margin transcribe \(short)' finishes it")
            return CaptureRequest.Written(text: "", tags: [VoiceNote.tag], signal: signal)
        }
        if result.cut { Console.err("margin: the recording is longer than \(Int(maxSeconds)) s (--max); the note keeps its first \(Int(maxSeconds)) s") }
        if result.ending == .limit { Console.err("margin: stopped at the \(Int(maxSeconds)) s limit (--max)") }
        // Throws when the recording could not be kept and there is no transcript either.
        var written = try Dictation.written(result, audioPath: dictation.audioPath)
        switch result.transcript {
        case .success(let text) where !text.isEmpty:
            Console.err("margin: heard (\(dictation.transcriber.name), a draft; 'margin edit \(short)' corrects it): \(Terminal.sanitize(text))")
        case .success:
            Console.err("margin: no words recognized; the recording is kept: 'margin listen \(short)', then 'margin edit \(short)' or 'margin transcribe \(short)'")
        case .failure(let error):
            Console.err("margin: \(error.message); the recording is kept: 'margin transcribe \(short)' tries again")
        }
        // Ended here, so that a signal that comes as they end counts too.
        written.signal = keys.end()
        return written
    }
}

/// The level meter and elapsed time on stderr while recording on a terminal.
final class LevelMeter: Sendable {
    let enabled: Bool
    let maxSeconds: Double
    private let shownAt = Mutex<Double>(-1)

    init(enabled: Bool, maxSeconds: Double) {
        self.enabled = enabled
        self.maxSeconds = maxSeconds
    }

    func start() {
        guard enabled else { return }
        Console.err("Recording: say the note. Enter or Ctrl-C ends it, and so do 2 s of silence.")
    }

    func show(_ progress: Recorder.Progress) {
        guard enabled, shownAt.withLock({ last in
            guard progress.seconds - last >= 0.1 else { return false }
            last = progress.seconds
            return true
        }) else { return }
        let elapsed = TimeValue.format(milliseconds: Int(progress.seconds * 1000))
        Console.prompt("\r\u{1B}[2K● \(elapsed) \(Terminal.bar(fraction: SpeechGate.loudness(progress.level))) of \(Int(maxSeconds)) s max")
    }

    func end() {
        guard enabled else { return }
        Console.prompt("\r\u{1B}[2K")
    }
}
