import Testing
@testable import Watch

@Suite("#tag words in a note")
struct InlineTagsTests {
    @Test("#words become tags, sentence punctuation after them left out, repeats once")
    func extracts() {
        #expect(InlineTags.extract("cache stampedes #caching, and #perf. #caching") == ["caching", "perf"])
        #expect(InlineTags.extract("issue # 12 and C#") == [])
    }

    @Test("a #word that becomes a tag leaves the text, so it shows once; a note of tags alone keeps its words")
    func splits() {
        let split = InlineTags.split("cache stampedes #caching, and #perf. #caching")
        #expect(split.text == "cache stampedes, and.")
        #expect(split.tags == ["caching", "perf"])
        #expect(InlineTags.split("#perf the bit about queues").text == "the bit about queues")
        #expect(InlineTags.split("issue # 12 and C#") == ("issue # 12 and C#", []))
        #expect(InlineTags.split("#todo #later").text == "#todo #later", "nothing but tags: the words stay")
        #expect(InlineTags.split("#todo #later").tags == ["todo", "later"])
    }
}
