/// One voice note's audio and transcript: recorded from the microphone (decoded along the way
/// when the recognizer is PocketSphinx) or read from a file, kept, then transcribed.
public struct VoiceTake: Sendable {
    public enum Source: Sendable {
        case microphone(Recorder, stop: AsyncStream<Void>)
        case file(String)
    }

    /// What was taken: the audio as kept, where, and the transcript or why there is none.
    public struct Result: Sendable {
        public var audio: PCMAudio
        public var path: String
        public var transcript: Swift.Result<String, VoiceError>
        /// Where in the audio each stretch of the transcript was said; empty when the
        /// recognizer gives no times, or there is no transcript.
        public var segments: [WhisperSegment] = []
        public var ending: Recorder.Ending?
        /// The file was longer than the limit and was cut to it.
        public var cut: Bool
        /// The transcript was longer than ``TranscriptLimit/bytes`` and was cut to it.
        public var transcriptCut = false
        /// Why the recording ended early, when the recorder ended it (``Recorder/Recording/warning``).
        public var recorderWarning: String?
        /// Why the audio could not be kept (a full disk): ``path`` is then empty, and the
        /// transcript, made from the audio in memory, is all the note can have.
        public var keepFailure: VoiceError?

        /// What the user is told about this note, beyond its transcript.
        public var warnings: [String] {
            [recorderWarning, transcriptCut ? TranscriptLimit.warning : nil].compactMap { $0 }
        }

        init(audio: PCMAudio, path: String, transcript: Swift.Result<String, VoiceError>, ending: Recorder.Ending?, cut: Bool) {
            self.init(audio: audio, path: path, timed: transcript.map { TimedTranscript(text: $0) }, ending: ending, cut: cut)
        }

        init(audio: PCMAudio, path: String, timed: Swift.Result<TimedTranscript, VoiceError>, ending: Recorder.Ending?, cut: Bool) {
            self.audio = audio
            self.path = path
            self.ending = ending
            self.cut = cut
            switch timed {
            case .success(let transcript):
                let (kept, cut) = transcript.limited()
                self.transcript = .success(kept.text)
                segments = kept.segments
                transcriptCut = cut
            case .failure(let error):
                self.transcript = .failure(error)
            }
        }

        /// The note's text: the transcript, or empty when there is none.
        public var text: String { (try? transcript.get()) ?? "" }

        /// The note's tags: ``VoiceNote/tag`` (the transcription's state is the note's own).
        public var tags: [String] { [VoiceNote.tag] }
    }

    public var transcriber: any Transcriber
    /// The longest note, in seconds.
    public var maxSeconds: Double

    public init(transcriber: any Transcriber, maxSeconds: Double) {
        self.transcriber = transcriber
        self.maxSeconds = maxSeconds
    }

    /// Takes the audio from `source`, keeps it through `keep` (which returns the path), calls
    /// `kept` (the speaking is over: playback may resume), and transcribes it. Only taking the
    /// audio can fail: a failed transcription is in the result, with the audio kept, and so is
    /// a failure to keep the audio (``Result/keepFailure``), the transcript made all the same.
    public func take(
        from source: Source, progress: @escaping @Sendable (Recorder.Progress) -> Void = { _ in },
        kept spoken: @Sendable () async -> Void = {}, keep: (PCMAudio) throws(VoiceError) -> String
    ) async throws(VoiceError) -> Result {
        // A model loads while the audio is read or spoken, not after.
        transcriber.prepare()
        switch source {
        case .file(let path):
            let (audio, cut) = try WAVFile.read(path: path, maxSeconds: maxSeconds)
            guard !audio.samples.isEmpty else { throw .nothingHeard(seconds: 0) }
            // Digital silence (a muted input, a recorder that wrote zeros): nothing to keep.
            guard audio.samples.contains(where: { abs(Int($0)) > 2 }) else { throw .nothingHeard(seconds: audio.seconds) }
            let speech = audio.resampled(to: PCMAudio.speechRate)
            let (kept, failure) = Self.keeping(speech, keep)
            await spoken()
            var result = Result(audio: speech, path: kept, timed: await transcribe(speech, file: kept), ending: nil, cut: cut)
            result.keepFailure = failure
            return result
        case .microphone(let recorder, let stop):
            var recorder = recorder
            recorder.maxSeconds = maxSeconds
            guard let streaming = transcriber as? any StreamingTranscriber else {
                let recording = try await recorder.record(stop: stop, progress: progress)
                let (kept, failure) = Self.keeping(recording.audio, keep)
                await spoken()
                var result = Result(audio: recording.audio, path: kept, timed: await transcribe(recording.audio, file: kept),
                                    ending: recording.ending, cut: false)
                result.recorderWarning = recording.warning
                result.keepFailure = failure
                return result
            }
            // The recognizer decodes while the user speaks, in a child process: the transcript
            // is ready moments after, and a recognizer that fails fails the transcript alone.
            let started: Swift.Result<RecognizerProcess, VoiceError>
            do throws(VoiceError) { started = .success(try await streaming.streaming()) } catch { started = .failure(error) }
            let decoder = try? started.get()
            let recording: Recorder.Recording
            do throws(VoiceError) {
                recording = try await recorder.record(stop: stop, progress: progress) { decoder?.feed($0) }
            } catch {
                decoder?.cancel()
                _ = try? await decoder?.finish()
                throw error
            }
            let (kept, failure) = Self.keeping(recording.audio, keep)
            await spoken()
            let transcript: Swift.Result<String, VoiceError>
            switch started {
            case .success(let decoder):
                do throws(VoiceError) { transcript = .success(try await decoder.finish()) } catch { transcript = .failure(error) }
            case .failure(let error):
                transcript = .failure(error)
            }
            var result = Result(audio: recording.audio, path: kept, transcript: transcript, ending: recording.ending, cut: false)
            result.recorderWarning = recording.warning
            result.keepFailure = failure
            return result
        }
    }

    /// Keeps `audio` through `keep`: its path, or an empty one and why it could not be kept.
    private static func keeping(_ audio: PCMAudio, _ keep: (PCMAudio) throws(VoiceError) -> String) -> (String, VoiceError?) {
        do throws(VoiceError) { return (try keep(audio), nil) } catch { return ("", error) }
    }

    private func transcribe(_ audio: PCMAudio, file: String) async -> Swift.Result<TimedTranscript, VoiceError> {
        do throws(VoiceError) { return .success(try await transcriber.timedTranscript(audio, file: file)) } catch { return .failure(error) }
    }
}
