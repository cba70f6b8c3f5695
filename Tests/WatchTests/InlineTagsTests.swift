import Testing
@testable import Watch

@Suite("#tag words in a note")
struct InlineTagsTests {
    @Test("#words become tags, sentence punctuation after them left out, repeats once")
    func extracts() {
        #expect(InlineTags.extract("cache stampedes #caching, and #perf. #caching") == ["caching", "perf"])
        #expect(InlineTags.extract("issue # 12 and C#") == [])
    }
}
