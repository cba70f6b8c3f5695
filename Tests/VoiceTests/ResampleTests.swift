import Foundation
import Testing
@testable import Voice

@Suite("Resampling to 16 kHz")
struct ResampleTests {
    static func tone(_ frequency: Double, rate: Int, seconds: Double, amplitude: Double = 10_000) -> PCMAudio {
        let count = Int(Double(rate) * seconds)
        return PCMAudio(samples: (0..<count).map { Int16(amplitude * sin(2 * .pi * frequency * Double($0) / Double(rate))) }, rate: rate)
    }

    /// Zero crossings per second, twice the frequency of a pure tone.
    static func frequency(_ audio: PCMAudio) -> Double {
        let samples = audio.samples.dropFirst(audio.rate / 10).dropLast(audio.rate / 10)
        let crossings = zip(samples, samples.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        return Double(crossings) / 2 / (Double(samples.count) / Double(audio.rate))
    }

    static func rms(_ audio: PCMAudio) -> Double {
        let samples = audio.samples.dropFirst(audio.rate / 10).dropLast(audio.rate / 10)
        return (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)).squareRoot()
    }

    @Test("a tone keeps its pitch and loudness from 48, 44.1, 22.05 and 8 kHz", arguments: [48_000, 44_100, 22_050, 8_000])
    func keepsTone(rate: Int) {
        let resampled = Self.tone(440, rate: rate, seconds: 1).resampled(to: 16_000)
        #expect(resampled.rate == 16_000)
        #expect(abs(resampled.samples.count - 16_000) <= 1)
        #expect(abs(Self.frequency(resampled) - 440) < 3)
        #expect(abs(Self.rms(resampled) - 10_000 / 2.0.squareRoot()) < 200)
    }

    @Test("a tone above 8 kHz is filtered out, not folded into the speech band")
    func noAliasing() {
        let resampled = Self.tone(12_000, rate: 48_000, seconds: 1).resampled(to: 16_000)
        #expect(Self.rms(resampled) < 100, "\(Self.rms(resampled))")
    }
}
