import Foundation
import TestSupport
import Testing
@testable import Voice

@Suite("WAV files")
struct WAVFileTests {
    /// A WAV header and data for `frames` of `channels` interleaved samples.
    static func wav(rate: Int, channels: Int, bits: Int = 16, format: Int = 1, frames: [[Int16]], extensible: Bool = false,
                    declaredData: Int? = nil) -> [UInt8] {
        var bytes: [UInt8] = []
        func u32(_ v: Int) { for s in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: v >> s)) } }
        func u16(_ v: Int) { bytes.append(UInt8(truncatingIfNeeded: v)); bytes.append(UInt8(truncatingIfNeeded: v >> 8)) }
        let data = frames.flatMap { $0 }
        bytes += Array("RIFF".utf8); u32(0); bytes += Array("WAVE".utf8)
        // A chunk margin does not know, with an odd length, before the format.
        bytes += Array("LIST".utf8); u32(3); bytes += [1, 2, 3, 0]
        bytes += Array("fmt ".utf8); u32(extensible ? 40 : 16)
        u16(extensible ? 0xFFFE : format); u16(channels); u32(rate); u32(rate * channels * bits / 8); u16(channels * bits / 8); u16(bits)
        if extensible { u16(22); u16(bits); u32(channels == 2 ? 3 : 4); u16(format); bytes += Array(repeating: 0, count: 14) }
        bytes += Array("data".utf8); u32(declaredData ?? data.count * 2)
        for sample in data { u16(Int(UInt16(bitPattern: sample))) }
        return bytes
    }

    @Test("a written file reads back sample for sample")
    func roundTrip() throws {
        let audio = PCMAudio(samples: [0, 1, -1, .max, .min, 1234, -4321], rate: 16_000)
        #expect(try WAVFile.decode(WAVFile.encode(audio), path: "x.wav") == audio)
        let path = try temporaryDirectory("margin-wav") + "/audio.wav"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try WAVFile.write(audio, to: path)
        #expect(try WAVFile.read(path: path) == audio)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("stereo is mixed to mono, the extensible format is read, unknown chunks are skipped")
    func layouts() throws {
        let stereo = Self.wav(rate: 44_100, channels: 2, frames: [[100, 300], [-100, -300], [.max, .max]])
        #expect(try WAVFile.decode(stereo, path: "s.wav") == PCMAudio(samples: [200, -200, .max], rate: 44_100))
        let extensible = Self.wav(rate: 48_000, channels: 1, frames: [[5], [6]], extensible: true)
        #expect(try WAVFile.decode(extensible, path: "e.wav") == PCMAudio(samples: [5, 6], rate: 48_000))
    }

    @Test("a data chunk cut short gives the samples that are there; a header alone gives none")
    func truncated() throws {
        let cut = Self.wav(rate: 16_000, channels: 1, frames: [[1], [2], [3]], declaredData: 0xFFFF_FFFF)
        #expect(try WAVFile.decode(cut, path: "c.wav").samples == [1, 2, 3])
        let empty = Self.wav(rate: 16_000, channels: 1, frames: [])
        #expect(try WAVFile.decode(empty, path: "z.wav").samples.isEmpty)
    }

    @Test("what is not 16-bit PCM WAV is refused with a reason")
    func refused() throws {
        func reason(_ bytes: [UInt8]) -> String? {
            do { _ = try WAVFile.decode(bytes, path: "f.wav"); return nil } catch { return error.message }
        }
        #expect(reason(Array("not audio at all".utf8))?.contains("not a WAV file") == true)
        #expect(reason(Self.wav(rate: 16_000, channels: 1, bits: 24, frames: [[1]]))?.contains("not 16-bit PCM") == true)
        #expect(reason(Self.wav(rate: 16_000, channels: 1, format: 3, frames: [[1]]))?.contains("not 16-bit PCM") == true)
        #expect(reason(Array(Self.wav(rate: 16_000, channels: 1, frames: [[1]]).prefix(48)))?.contains("no audio data") == true)
        #expect(throws: VoiceError.unreadableAudio(path: "/nonexistent.wav", reason: "no such file")) {
            try WAVFile.read(path: "/nonexistent.wav")
        }
    }
}
