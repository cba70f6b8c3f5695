import Foundation
import NoteStore

/// Tags typed into a note's text as `#tag` words, as `watch` takes them: its line editor has
/// no `--tag`, so `#caching` in the text is how a tag is given there.
///
/// One rule: a `#word` that becomes a tag leaves the text (the note then shows it once, among
/// its tags); sentence punctuation after it stays with the text. A note of nothing but tags
/// keeps its words as its text.
enum InlineTags {
    /// The valid tags among `text`'s `#word`s, in order, without repeats. A `#word` that is not
    /// a valid tag (`#1!`) stays plain text.
    static func extract(_ text: String) -> [String] {
        split(text).tags
    }

    /// `text` without its tag words, and the tags.
    static func split(_ text: String) -> (text: String, tags: [String]) {
        var tags: [String] = []
        var kept = ""
        var space = ""
        var index = text.startIndex
        while index < text.endIndex {
            let start = index
            let blank = text[index].isWhitespace
            while index < text.endIndex, text[index].isWhitespace == blank { index = text.index(after: index) }
            let run = text[start..<index]
            if blank {
                space += run
            } else if let (tag, trailing) = tagWord(run) {
                if !tags.contains(tag) { tags.append(tag) }
                // The tag and the space before it go; "… #caching." keeps its full stop.
                if !kept.isEmpty { kept += trailing }
                space = ""
            } else {
                kept += (kept.isEmpty ? "" : space) + run
                space = ""
            }
        }
        guard !tags.isEmpty else { return (text, []) }
        let rest = kept.trimmingCharacters(in: .whitespacesAndNewlines)
        return (rest.isEmpty ? text : rest, tags)
    }

    /// The tag a `#word` gives, and the sentence punctuation after it; nil for any other word.
    private static func tagWord(_ word: Substring) -> (String, String)? {
        guard word.hasPrefix("#"), word.count > 1 else { return nil }
        var candidate = String(word.dropFirst())
        var trailing = ""
        while let last = candidate.last, ".,;:!?)".contains(last) { trailing.insert(candidate.removeLast(), at: trailing.startIndex) }
        guard let tag = try? NoteTag.normalize([candidate]).first else { return nil }
        return (tag, trailing)
    }
}
