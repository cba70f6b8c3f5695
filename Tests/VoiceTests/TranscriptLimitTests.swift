import Testing
@testable import Voice

@Suite("the longest transcript a note keeps")
struct TranscriptLimitTests {
    @Test("a transcript within the limit is kept whole")
    func within() {
        let text = String(repeating: "cache stampede ", count: 1000) + "end"
        #expect(TranscriptLimit.apply(text) == (text, false))
    }

    @Test("past the limit it is cut at the last space before it")
    func atAWord() {
        let words = String(repeating: "stampede ", count: TranscriptLimit.bytes / 9 + 10)
        let (kept, cut) = TranscriptLimit.apply(words)
        #expect(cut)
        #expect(kept.utf8.count <= TranscriptLimit.bytes)
        #expect(kept.utf8.count > TranscriptLimit.bytes - 9)
        #expect(kept.hasSuffix("stampede"))
    }

    @Test("with no space it is cut at a character, never inside one")
    func atACharacter() {
        // Four-byte scalars, none of them on the limit's byte.
        let text = String(repeating: "🎧", count: TranscriptLimit.bytes / 4 + 2) + "x"
        let shifted = "ab" + text
        let (kept, cut) = TranscriptLimit.apply(shifted)
        #expect(cut)
        #expect(kept.utf8.count <= TranscriptLimit.bytes && kept.utf8.count > TranscriptLimit.bytes - 4)
        #expect(kept.unicodeScalars.allSatisfy { $0 == "🎧" || $0 == "a" || $0 == "b" })
    }
}
