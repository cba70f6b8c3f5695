import FileSafety
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Whisper (CTranslate2, through faster-whisper) in margin's `margin-whisper` helper: a child
/// process that loads the model once and then transcribes one recording per request, kept
/// running between notes, so that a warm helper answers in about the time the audio takes to
/// decode. ``prepare()`` starts it ahead (while the user speaks); a crash, a hang past the timeout
/// or a line that is not the protocol fails that transcription, and the next one starts a new
/// helper.
///
/// One request at a time: a second waits for the first. The helper ends with margin (it
/// watches its parent), and ``stop()`` or the transcriber's end stops it before.
public final class WhisperTranscriber: Transcriber, Sendable {
    public let launch: WhisperLaunch
    public let timeout: Duration
    private let helper = Mutex<WhisperProcess?>(nil)

    public init(launch: WhisperLaunch, timeout: Duration = .seconds(120)) {
        self.launch = launch
        self.timeout = timeout
        // A helper that died must not take margin with it when margin writes its next request.
        Signals.ignore(SIGPIPE)
    }

    deinit { stop() }

    public var name: String { "Whisper" }

    /// Starts the helper and loads the model now, in the background, unless it runs already.
    public func prepare() {
        Thread.detachNewThread { [self] in
            helper.withLock { process in _ = try? ready(&process, by: ContinuousClock.now + timeout) }
        }
    }

    /// Stops the helper, if it runs.
    public func stop() {
        helper.withLock { process in
            process?.stop()
            process = nil
        }
    }

    public func transcribe(_ audio: PCMAudio, file: String) async throws(VoiceError) -> String {
        try await timedTranscript(audio, file: file).text
    }

    public func timedTranscript(_ audio: PCMAudio, file: String) async throws(VoiceError) -> TimedTranscript {
        let transcript = file.isEmpty ? try await transcriptOfCopy(audio) : try await transcript(of: file)
        return TimedTranscript(text: transcript.text, segments: transcript.segments)
    }

    /// The helper reads a file: when the recording could not be kept (a full disk), it reads a
    /// copy made for it in the temporary folder, usually another file system, removed after.
    private func transcriptOfCopy(_ audio: PCMAudio) async throws(VoiceError) -> WhisperTranscript {
        let copy = (NSTemporaryDirectory() as NSString).appendingPathComponent("margin-whisper-" + UUID().uuidString + ".wav")
        do throws(VoiceError) {
            try WAVFile.write(audio, to: copy)
        } catch {
            let why = if case .cannotKeepAudio(_, let reason) = error { " (\(reason))" } else { "" }
            throw .transcriberFailed(command: name, reason: "needs the recording as a file, and it could not be kept, nor a copy in the temporary folder" + why)
        }
        defer { try? FileManager.default.removeItem(atPath: copy) }
        return try await transcript(of: copy)
    }

    /// The transcript of the WAV at `path`, with its segments.
    public func transcript(of path: String) async throws(VoiceError) -> WhisperTranscript {
        let outcome: Result<WhisperTranscript, VoiceError> = await withCheckedContinuation { continuation in
            Thread.detachNewThread { [self] in continuation.resume(returning: Result { () throws(VoiceError) in try ask(path) }) }
        }
        return try outcome.get()
    }

    /// Sends one request and waits for its answer, within the timeout (the model's loading
    /// included when the helper was not warm).
    private func ask(_ path: String) throws(VoiceError) -> WhisperTranscript {
        let deadline = ContinuousClock.now + timeout
        return try helper.withLock { (process: inout WhisperProcess?) throws(VoiceError) -> WhisperTranscript in
            let running = try ready(&process, by: deadline)
            let request = (try? JSONEncoder().encode(["audio": path])).map { String(decoding: $0, as: UTF8.self) } ?? ""
            do throws(VoiceError) {
                guard running.send(request) else {
                    // It stopped reading: its end says why.
                    _ = try running.answer(by: deadline, timeout: timeout)
                    running.stop()
                    throw VoiceError.transcriberFailed(command: launch.name, reason: "stopped reading requests")
                }
                let answer = try running.answer(by: deadline, timeout: timeout)
                if let error = answer.error { throw VoiceError.transcriberFailed(command: launch.name, reason: error) }
                guard let text = answer.text else { throw answer.failure(running.name) }
                // Spaced as the text is, so that the segments' texts joined with spaces are the text.
                let segments = (answer.segments ?? []).map { WhisperSegment(startMs: $0.startMs, endMs: $0.endMs, text: $0.text.normalizedTranscript) }
                return WhisperTranscript(text: text.normalizedTranscript, segments: segments.filter { !$0.text.isEmpty }, helperPID: running.pid)
            } catch {
                // An answered error leaves a working helper; anything else ended it.
                if running.isEnded { process = nil }
                throw error
            }
        }
    }

    /// The running helper, started and waited for (its `ready` line) when there is none.
    private func ready(_ process: inout WhisperProcess?, by deadline: ContinuousClock.Instant) throws(VoiceError) -> WhisperProcess {
        if let process { return process }
        let started = try WhisperProcess(launch, parent: getpid())
        let answer = try started.answer(by: deadline, timeout: timeout)
        guard answer.ready == true else {
            started.stop()
            throw .transcriberFailed(command: launch.name, reason: answer.error ?? "did not say it was ready")
        }
        process = started
        return started
    }
}

extension WhisperAnswer {
    /// The failure of an answer that is neither a transcript nor an error.
    func failure(_ name: String) -> VoiceError {
        .transcriberFailed(command: name, reason: error ?? "answered without a transcript")
    }
}
