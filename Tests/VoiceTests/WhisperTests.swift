import Foundation
import TestSupport
import Testing
@testable import Voice

/// The Whisper engine for real: the `margin-whisper` helper with CTranslate2 and the `tiny.en`
/// model on the recordings of pocketsphinx-testdata, the word error rate computed here.
@Suite("Whisper in margin's helper", .serialized)
struct WhisperTests {
    /// `audio` with white noise at `snr` dB below it (a fixed sequence, so every run hears the same).
    static func noisy(_ audio: PCMAudio, snr: Double) -> PCMAudio {
        let power = audio.samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(audio.samples.count, 1))
        let noise = (power / pow(10, snr / 10)).squareRoot() * 3.0.squareRoot()
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let samples = audio.samples.map { sample -> Int16 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let uniform = Double(state >> 11) / Double(1 << 53) * 2 - 1
            return Int16(clamping: Int((Double(sample) + uniform * noise).rounded()))
        }
        return PCMAudio(samples: samples, rate: audio.rate)
    }

    static func temporaryWAV(_ audio: PCMAudio) throws -> String {
        let path = try temporaryDirectory("margin-whisper") + "/audio.wav"
        try WAVFile.write(audio, to: path)
        return path
    }

    @Test("the five LibriVox clips: at most 0.12 of the words wrong together, one model load for all of them")
    func readSpeech() async throws {
        let whisper = WhisperTranscriber(launch: try WhisperRuntime.launch())
        defer { whisper.stop() }
        var errors = 0.0, words = 0
        var helpers = Set<Int32>()
        for clip in try Recordings.librivoxClips() {
            let transcript = try await whisper.transcript(of: clip.file)
            let rate = WhisperRuntime.errorRate(transcript.text, clip.words)
            errors += rate * Double(clip.words.count)
            words += clip.words.count
            helpers.insert(transcript.helperPID)
            // Whisper keeps punctuation and capitals; each clip is one sentence or two.
            #expect(transcript.text.first?.isUppercase == true && transcript.text.hasSuffix("."), "\(transcript.text)")
            #expect(!transcript.segments.isEmpty)
            #expect(transcript.segments.allSatisfy { $0.startMs >= 0 && $0.startMs <= $0.endMs && $0.endMs <= 8_000 }, "\(transcript.segments)")
        }
        let rate = errors / Double(words)
        #expect(rate <= 0.12, "word error rate \(rate) over \(words) words")
        #expect(helpers.count == 1, "one warm helper served every clip: \(helpers)")
    }

    @Test("a recording that could not be kept (a full disk) is transcribed from a copy in the temporary folder, removed after")
    func notKept() async throws {
        let whisper = WhisperTranscriber(launch: try WhisperRuntime.launch())
        defer { whisper.stop() }
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()))
        let transcript = try await whisper.timedTranscript(try TranscriberTests.raw(Recordings.goForward), file: "")
        #expect(WhisperRuntime.errorRate(transcript.text, ["go", "forward", "ten", "meters"]) <= 0.05, "\(transcript.text)")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())).subtracting(before)
        #expect(!left.contains { $0.hasPrefix("margin-whisper-") && $0.hasSuffix(".wav") }, "the copy is removed: \(left)")
    }

    @Test("goforward with noise at 15 dB, resampled to 44.1 kHz: at most 0.05 of the words wrong")
    func noisyCommand() async throws {
        let whisper = WhisperTranscriber(launch: try WhisperRuntime.launch())
        defer { whisper.stop() }
        let clean = try TranscriberTests.raw(Recordings.goForward)
        let path = try Self.temporaryWAV(Self.noisy(clean, snr: 15).resampled(to: 44_100))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = try await whisper.transcribe(PCMAudio(samples: [], rate: 16_000), file: path)
        let rate = WhisperRuntime.errorRate(text, ["go", "forward", "ten", "meters"])
        #expect(rate <= 0.05, "\(text)")
    }

    @Test("the segments of a long recording carry its offsets in order")
    func segments() async throws {
        let whisper = WhisperTranscriber(launch: try WhisperRuntime.launch())
        defer { whisper.stop() }
        let clips = try Recordings.librivoxClips().map { try WAVFile.read(path: $0.file) }
        let joined = PCMAudio(samples: clips.flatMap { $0.samples + Array(repeating: 0, count: 8_000) }, rate: 16_000)
        let path = try Self.temporaryWAV(joined)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let transcript = try await whisper.transcript(of: path)
        #expect(transcript.segments.count >= 3, "\(transcript.segments)")
        let starts = transcript.segments.map(\.startMs)
        #expect(starts == starts.sorted())
        let last = try #require(transcript.segments.last)
        // 24.7 s of speech and 2.5 s of pauses: the last words end after 20 s.
        #expect(last.endMs > 20_000 && last.endMs <= Int(joined.seconds * 1000) + 500, "\(transcript.segments)")
        #expect(WhisperRuntime.words(transcript.text).contains("amiable"))
    }
}
