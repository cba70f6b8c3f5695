import Foundation
import TestSupport
import Testing
@testable import Voice

/// The recorder loop over a program that plays the part of the microphone: `cat` of raw
/// samples (and then `sleep`, a microphone that stays open). The real recorders are tested
/// end to end through a PulseAudio server.
@Suite("Recording until silence, the limit or the user")
struct RecorderTests {
    /// Three seconds at 16 kHz, in samples.
    static let threeSeconds = 3 * 16_000

    /// A raw 16 kHz file: `speech` seconds of a loud tone, then `quiet` seconds of silence.
    static func rawFile(speech: Double, quiet: Double) throws -> String {
        let tone = ResampleTests.tone(300, rate: 16_000, seconds: speech).samples
        let samples = tone + [Int16](repeating: 0, count: Int(quiet * 16_000))
        let path = try temporaryDirectory("margin-mic") + "/mic.raw"
        let bytes = samples.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func microphone(_ file: String, thenSeconds: Int = 30) -> RecorderProgram {
        RecorderProgram(name: "test-mic", path: "/bin/sh", arguments: ["-c", "cat '\(file)'; exec sleep \(thenSeconds)"])
    }

    static var never: AsyncStream<Void> { AsyncStream { _ in } }

    @Test("2 s of silence after speech ends the recording")
    func silenceEnds() async throws {
        let file = try Self.rawFile(speech: 1, quiet: 5)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let recording = try await Recorder(program: Self.microphone(file)).record(stop: Self.never)
        #expect(recording.ending == .silence)
        #expect(abs(recording.audio.seconds - 3) < 0.2)
    }

    @Test("a recorder that writes a WAV stream has its header skipped, not recorded as sound")
    func wavStream() async throws {
        let raw = try Self.rawFile(speech: 1, quiet: 3)
        defer { try? FileManager.default.removeItem(atPath: raw) }
        // The header a streaming writer emits (sizes unknown), then the raw samples.
        let wav = raw + ".wav"
        var header = WAVFile.encode(PCMAudio(samples: [], rate: 16_000))
        header.replaceSubrange(40..<44, with: [0xFF, 0xFF, 0xFF, 0xFF])
        try Data(header + Array(try Data(contentsOf: URL(fileURLWithPath: raw)))).write(to: URL(fileURLWithPath: wav))
        defer { try? FileManager.default.removeItem(atPath: wav) }
        let recording = try await Recorder(program: Self.microphone(wav)).record(stop: Self.never)
        let expected = try Data(contentsOf: URL(fileURLWithPath: raw))
        let first = Int16(bitPattern: UInt16(expected[0]) | UInt16(expected[1]) << 8)
        #expect(recording.audio.samples.first == first)
        #expect(recording.audio.samples.count == Self.threeSeconds)
    }

    @Test("the limit ends a long recording at exactly --max")
    func limitEnds() async throws {
        let file = try Self.rawFile(speech: 8, quiet: 0)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let recording = try await Recorder(program: Self.microphone(file), maxSeconds: 3).record(stop: Self.never)
        #expect(recording.ending == .limit)
        #expect(recording.audio.samples.count == Self.threeSeconds)
    }

    @Test("Enter or Ctrl-C ends it and keeps what was said")
    func userEnds() async throws {
        let file = try Self.rawFile(speech: 1, quiet: 0)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let (stop, press) = AsyncStream<Void>.makeStream()
        let recorder = Recorder(program: Self.microphone(file))
        async let recording = recorder.record(stop: stop, progress: { progress in
            if progress.seconds >= 1 { press.yield(()) }
        })
        let result = try await recording
        #expect(result.ending == .user)
        #expect(result.audio.seconds >= 1)
    }

    @Test("nothing but silence is 'heard nothing', and a recorder that fails says why")
    func failures() async throws {
        let quiet = try Self.rawFile(speech: 0, quiet: 12)
        defer { try? FileManager.default.removeItem(atPath: quiet) }
        var gate = SpeechGate()
        gate.waitForSpeech = 2
        await #expect(throws: VoiceError.nothingHeard(seconds: 2)) {
            try await Recorder(program: Self.microphone(quiet), gate: gate).record(stop: Self.never)
        }
        let broken = RecorderProgram(name: "parecord", path: "/bin/sh", arguments: ["-c", "echo 'Connection failure: Connection refused' >&2; exit 1"])
        await #expect(throws: VoiceError.recorderFailed(recorder: "parecord", reason: "Connection failure: Connection refused")) {
            try await Recorder(program: broken).record(stop: Self.never)
        }
    }

    @Test("the recorder is found on PATH, a running sound server first")
    func finding() throws {
        let bin = try temporaryDirectory("margin-bin")
        defer { try? FileManager.default.removeItem(atPath: bin) }
        #expect(RecorderProgram.find(environment: ["PATH": bin]) == nil)
        for name in ["arecord", "parecord"] {
            #expect(FileManager.default.createFile(atPath: bin + "/" + name, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755]))
        }
        // No sound server known: ALSA; a PulseAudio server (or PipeWire's) answers: parecord.
        #expect(RecorderProgram.find(environment: ["PATH": bin])?.name == "arecord")
        #expect(RecorderProgram.find(environment: ["PATH": bin, "PULSE_SERVER": "unix:/x"])?.name == "parecord")
        try FileManager.default.removeItem(atPath: bin + "/parecord")
        #expect(RecorderProgram.find(environment: ["PATH": bin])?.name == "arecord")
        // The player follows the same servers: PipeWire's pw-play only when PipeWire runs.
        for name in ["pw-play", "paplay", "aplay"] {
            #expect(FileManager.default.createFile(atPath: bin + "/" + name, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755]))
        }
        #expect(VoiceNote.player(environment: ["PATH": bin, "PULSE_SERVER": "unix:/x"]) == bin + "/paplay")
        #expect(VoiceNote.player(environment: ["PATH": bin]) == bin + "/aplay")
        let runtime = bin + "/run"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: runtime + "/pipewire-0", contents: Data()))
        #expect(VoiceNote.player(environment: ["PATH": bin, "XDG_RUNTIME_DIR": runtime]) == bin + "/pw-play")
        #expect(RecorderProgram.find(environment: ["PATH": bin, "XDG_RUNTIME_DIR": runtime])?.name == "arecord", "pw-record is not installed here")
    }
}
