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

    @Test("a transcript cut at the limit keeps the segments whose texts fit in what is kept, and only those")
    func segmentsCut() {
        let piece = String(repeating: "stampede ", count: 1000) + "end"
        let count = TranscriptLimit.bytes / piece.utf8.count + 3
        let segments = (0..<count).map { WhisperSegment(startMs: $0 * 1000, endMs: $0 * 1000 + 900, text: piece) }
        let whole = TimedTranscript(text: segments.map(\.text).joined(separator: " "), segments: segments)
        let (kept, cut) = whole.limited()
        #expect(cut)
        #expect(kept.text.utf8.count <= TranscriptLimit.bytes)
        #expect(kept.segments == Array(segments.prefix(kept.segments.count)))
        #expect(kept.segments.count == TranscriptLimit.bytes / (piece.utf8.count + 1))
        #expect(kept.text.hasPrefix(kept.segments.map(\.text).joined(separator: " ")))
        let short = TimedTranscript(text: "end", segments: [WhisperSegment(startMs: 0, endMs: 9, text: "end")])
        #expect(short.limited() == (short, false))
    }
}
