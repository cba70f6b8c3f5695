import Foundation
import SpotifyEmulator
import TestSupport
import Testing

/// `margin note --voice --audio FILE` on the files a bad day leaves: a recorder killed before it
/// wrote its header's sizes, digital silence, and a file far larger than `--max`.
@Suite("voice notes from files a bad day leaves")
struct VoiceFileEdgeTests {
    /// A 16 kHz mono WAV: `toneSeconds` of a 300 Hz tone, then `silentBytes` of zeros left as a
    /// hole (sparse: a large file costs no disk), with `dataSize` in the header (nil: the truth).
    static func wav(_ path: String, toneSeconds: Double, silentBytes: Int = 0, dataSize: UInt32? = nil) throws {
        let samples = (0..<Int(toneSeconds * 16_000)).map { Int16(8000 * sin(Double($0) * 2 * .pi * 300 / 16_000)) }
        var bytes: [UInt8] = []
        func u32(_ value: UInt32) { for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) } }
        func u16(_ value: UInt16) { bytes += [UInt8(truncatingIfNeeded: value), UInt8(value >> 8)] }
        let size = dataSize ?? UInt32(samples.count * 2 + silentBytes)
        bytes += Array("RIFF".utf8); u32(36 &+ size); bytes += Array("WAVE".utf8)
        bytes += Array("fmt ".utf8); u32(16); u16(1); u16(1); u32(16_000); u32(32_000); u16(2); u16(16)
        bytes += Array("data".utf8); u32(size)
        for sample in samples { u16(UInt16(bitPattern: sample)) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        if silentBytes > 0 { guard truncate(path, off_t(bytes.count + silentBytes)) == 0 else { throw CocoaError(.fileWriteUnknown) } }
    }

    @Test("a WAV whose header says 0 bytes of data (its recorder was killed) gives the audio that is there")
    func zeroDataSize() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let file = sandbox.root + "/killed.wav"
            try Self.wav(file, toneSeconds: 3, dataSize: 0)
            let result = try await sandbox.margin("note", "--voice", "--audio", file, "--json")
            #expect(result.status == 0, "\(result.stderr)")
            let note = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let id = try #require(note["id"] as? String)
            let kept = try Data(contentsOf: URL(fileURLWithPath: sandbox.root + "/data/margin/audio/\(id).wav"))
            // A header and 3 s of 16 kHz 16-bit mono. (Worked out outside the macro: the
            // literals' types inside it took the compiler seconds to settle.)
            let expected: Int = 44 + 3 * 16_000 * 2
            #expect(kept.count == expected)
        }
    }

    @Test("digital silence: exit 1, one line, nothing stored and no audio left, playback resumed")
    func silence() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let file = sandbox.root + "/silence.wav"
            try Self.wav(file, toneSeconds: 0, silentBytes: 4 * 32_000)
            let result = try await sandbox.margin("note", "--voice", "--audio", file)
            #expect(result.status == 1)
            #expect(result.stderr.contains("heard nothing in 4 s"), "\(result.stderr)")
            #expect(try await sandbox.notes("list", "--json").isEmpty)
            let audio = (try? FileManager.default.contentsOfDirectory(atPath: sandbox.root + "/data/margin/audio")) ?? []
            #expect(audio.isEmpty, "\(audio)")
            #expect(await sandbox.emulator.currentState().playback.isPlaying == true)
        }
    }

    @Test("--audio reads no more than --max of a file: peak memory is the same for 100 MB and 2 GB")
    func memoryFlat() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            var peaks: [Int] = []
            for (name, bytes) in [("small", 100 << 20), ("large", 2 << 30)] {
                let file = sandbox.root + "/\(name).wav"
                try Self.wav(file, toneSeconds: 5, silentBytes: bytes)
                let result = try await MarginProcess.run(
                    ["-f", "%M", MarginProcess.marginPath, "note", "--voice", "--audio", file, "--max", "3"],
                    environment: sandbox.environment([:]), executable: "/usr/bin/time")
                #expect(result.status == 0, "\(result.stderr)")
                let kib = try #require(result.stderr.split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) })
                peaks.append(kib)
            }
            #expect(peaks[1] < peaks[0] + 20_000, "peak RSS \(peaks[0]) KiB for 100 MB, \(peaks[1]) KiB for 2 GB")
            #expect(peaks[1] < 200_000, "\(peaks[1]) KiB")
        }
    }
}
