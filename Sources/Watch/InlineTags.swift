import Foundation
import NoteStore

/// Tags typed into a note's text as `#tag` words, as `watch` takes them: its line editor has
/// no `--tag`, so `#caching` in the text is how a tag is given there.
enum InlineTags {
    /// The valid tags among `text`'s `#word`s, in order, without repeats. A `#word` that is not
    /// a valid tag (`#1!`) stays plain text.
    static func extract(_ text: String) -> [String] {
        var tags: [String] = []
        for word in text.split(whereSeparator: \.isWhitespace) where word.hasPrefix("#") && word.count > 1 {
            // Sentence punctuation after a tag ("… #caching.") is not part of it.
            var candidate = String(word.dropFirst())
            while let last = candidate.last, ".,;:!?)".contains(last) { candidate.removeLast() }
            guard let tag = try? NoteTag.normalize([candidate]).first, !tags.contains(tag) else { continue }
            tags.append(tag)
        }
        return tags
    }
}
