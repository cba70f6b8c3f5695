/// Mono 16-bit PCM samples at a sample rate: what is recorded, stored and transcribed.
public struct PCMAudio: Sendable, Equatable {
    public var samples: [Int16]
    public var rate: Int

    /// The rate the recognizers take and margin records and stores at.
    public static let speechRate = 16_000

    public init(samples: [Int16], rate: Int) {
        self.samples = samples
        self.rate = rate
    }

    /// The length in seconds.
    public var seconds: Double { rate > 0 ? Double(samples.count) / Double(rate) : 0 }

    /// The first `seconds` of the audio.
    public func prefix(seconds: Double) -> PCMAudio {
        PCMAudio(samples: Array(samples.prefix(Int(seconds * Double(rate)))), rate: rate)
    }

    /// The audio at `target` Hz: a windowed-sinc low-pass at the lower of the two Nyquist
    /// frequencies, so that downsampling does not fold high frequencies into speech.
    public func resampled(to target: Int) -> PCMAudio {
        guard target != rate, target > 0, rate > 0, !samples.isEmpty else { return PCMAudio(samples: samples, rate: target > 0 ? target : rate) }
        let ratio = Double(rate) / Double(target)
        let cutoff = min(1.0, 1.0 / ratio)
        // 16 zero crossings each side of the kernel, in the lower rate's terms.
        let halfWidth = 16.0 / cutoff
        let count = Int((Double(samples.count) / ratio).rounded(.down))
        var output = [Int16](repeating: 0, count: count)
        samples.withUnsafeBufferPointer { input in
            for index in 0..<count {
                let center = Double(index) * ratio
                let first = max(0, Int((center - halfWidth).rounded(.up)))
                let last = min(input.count - 1, Int((center + halfWidth).rounded(.down)))
                var sum = 0.0, weights = 0.0
                if first <= last {
                    for k in first...last {
                        let x = Double(k) - center
                        let weight = Self.sinc(x * cutoff) * Self.blackman(x / halfWidth)
                        sum += Double(input[k]) * weight
                        weights += weight
                    }
                }
                let value = weights != 0 ? sum / weights : 0
                output[index] = Int16(clamping: Int(value.rounded()))
            }
        }
        return PCMAudio(samples: output, rate: target)
    }

    private static func sinc(_ x: Double) -> Double {
        x == 0 ? 1 : sin(Double.pi * x) / (Double.pi * x)
    }

    /// The Blackman window over -1…1.
    private static func blackman(_ t: Double) -> Double {
        guard abs(t) < 1 else { return 0 }
        let phase = Double.pi * (t + 1)
        return 0.42 - 0.5 * cos(phase) + 0.08 * cos(2 * phase)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
