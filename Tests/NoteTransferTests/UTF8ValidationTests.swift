import Testing
@testable import NoteStore
@testable import NoteTransfer
import NoteFixtures

@Suite("UTF-8 validation in place")
struct UTF8ValidationTests {
    func valid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer(UTF8Validation.isValid)
    }

    @Test("the edges of table 3-7: overlong forms, surrogates, past U+10FFFF, cut short")
    func edges() {
        let good: [[UInt8]] = [
            [], [0x00], [0x7F], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
            [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
            Array("café 🎧 日本語".utf8),
        ]
        let bad: [[UInt8]] = [
            [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xC2, 0x41], [0xE0, 0x9F, 0xBF],
            [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xE1, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0x41, 0xE2, 0x82],
        ]
        for bytes in good { #expect(valid(bytes), "\(bytes)") }
        for bytes in bad { #expect(!valid(bytes), "\(bytes)") }
    }

    @Test("agrees with String(validating:) on random bytes")
    func agreesWithStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        // Mostly bytes from the interesting ranges, so that near-valid sequences are common.
        let pool: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
        var accepted = 0
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                Bool.random(using: &generator) ? pool.randomElement(using: &generator) ?? 0 : UInt8.random(in: 0...255, using: &generator)
            }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            #expect(valid(bytes) == expected, "\(bytes)")
            if expected { accepted += 1 }
        }
        // Both outcomes were exercised.
        #expect(accepted > 100 && accepted < 19_900)
    }
}
