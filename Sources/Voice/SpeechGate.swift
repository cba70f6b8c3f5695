import Foundation

/// Decides, from the level of each 50 ms frame, when a recording ends by itself: after
/// ``silence`` of quiet once speech was heard, or after ``waitForSpeech`` with none.
public struct SpeechGate: Sendable {
    /// Samples per frame: 50 ms at 16 kHz.
    public static let frameLength = PCMAudio.speechRate / 20
    /// A frame louder than this (RMS, 1 = full scale: about -40 dBFS) is speech.
    public var threshold: Double = 0.01
    public var silence: Double = 2
    public var waitForSpeech: Double = 10

    public private(set) var heardSpeech = false
    private var quietFrames = 0
    private var frames = 0

    public init(silence: Double = 2, waitForSpeech: Double = 10) {
        self.silence = silence
        self.waitForSpeech = waitForSpeech
    }

    /// Why the recording should end after a frame of this level, if it should.
    public mutating func add(level: Double) -> Ending? {
        frames += 1
        if level >= threshold {
            heardSpeech = true
            quietFrames = 0
            return nil
        }
        quietFrames += 1
        if heardSpeech, Double(quietFrames) / 20 >= silence { return .silence }
        if !heardSpeech, Double(frames) / 20 >= waitForSpeech { return .nothingHeard }
        return nil
    }

    /// The RMS level of a frame, 0…1.
    public static func level(_ frame: ArraySlice<Int16>) -> Double {
        guard !frame.isEmpty else { return 0 }
        var sum = 0.0
        for sample in frame { sum += Double(sample) * Double(sample) }
        return (sum / Double(frame.count)).squareRoot() / 32_768
    }

    /// A level (RMS, 0…1) as a meter's fraction: about -60 dBFS to full scale.
    public static func loudness(_ level: Double) -> Double {
        level > 0 ? min(1, max(0, (20 * log10(level) + 60) / 60)) : 0
    }

    public enum Ending: Sendable, Equatable { case silence, nothingHeard }
}
