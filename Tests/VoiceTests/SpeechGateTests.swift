import Testing
@testable import Voice

@Suite("When a recording ends by itself")
struct SpeechGateTests {
    @Test("2 s of quiet after speech; short pauses between words do not end it")
    func silenceAfterSpeech() {
        var gate = SpeechGate()
        for _ in 0..<20 { #expect(gate.add(level: 0.1) == nil) }
        for _ in 0..<30 { #expect(gate.add(level: 0.001) == nil) }   // a 1.5 s pause
        #expect(gate.add(level: 0.2) == nil)
        for _ in 0..<39 { #expect(gate.add(level: 0.001) == nil) }
        #expect(gate.add(level: 0.001) == .silence)
    }

    @Test("no speech at all ends it after the wait for speech")
    func nothingHeard() {
        var gate = SpeechGate(silence: 2, waitForSpeech: 3)
        for _ in 0..<59 { #expect(gate.add(level: 0.002) == nil) }
        #expect(gate.add(level: 0.002) == .nothingHeard)
    }

    @Test("the level of a frame is its RMS against full scale")
    func level() {
        #expect(SpeechGate.level([]) == 0)
        #expect(abs(SpeechGate.level([16_384, -16_384]) - 0.5) < 1e-9)
    }
}
