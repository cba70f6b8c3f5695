/// Turns what a user types into an FTS5 query that cannot be a syntax error.
///
/// Users type words, "quoted phrases" and prefix* terms, and expect all of them to match.
/// Everything else FTS5 would read as syntax (AND/OR/NOT, parentheses, `-`, `^`, `col:`, stray
/// quotes) is taken literally: each term is sent as a quoted FTS5 string, and terms are joined
/// by spaces, which FTS5 reads as AND.
enum SearchQuery {
    /// One term of the user's query.
    struct Term: Equatable {
        var text: String
        var isPrefix: Bool
    }

    /// The FTS5 MATCH expression for `input`, or nil when it holds nothing searchable
    /// (only punctuation, emoji or spaces).
    static func match(_ input: String) -> String? {
        expression(terms(input))
    }

    /// The fallback: every whitespace-separated word as a plain quoted word.
    static func plainWords(_ input: String) -> String? {
        expression(input.split(whereSeparator: \.isWhitespace).map { Term(text: String($0), isPrefix: false) })
    }

    /// Splits `input` into words and phrases; a `*` right after one makes it a prefix.
    ///
    /// An unmatched `"` is dropped and the text after it read as words.
    static func terms(_ input: String) -> [Term] {
        let characters = Array(input)
        var terms: [Term] = []
        var index = 0
        func takeStars() -> Bool {
            var found = false
            while index < characters.count, characters[index] == "*" {
                found = true
                index += 1
            }
            return found
        }
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                index += 1
            } else if character == "\"" {
                guard let close = characters[(index + 1)...].firstIndex(of: "\"") else {
                    index += 1
                    continue
                }
                let phrase = String(characters[(index + 1)..<close])
                index = close + 1
                terms.append(Term(text: phrase, isPrefix: takeStars()))
            } else {
                let start = index
                while index < characters.count, !characters[index].isWhitespace, characters[index] != "\"" {
                    index += 1
                }
                var word = String(characters[start..<index])
                let isPrefix = word.hasSuffix("*")
                while word.hasSuffix("*") { word.removeLast() }
                terms.append(Term(text: word, isPrefix: isPrefix))
            }
        }
        return terms
    }

    /// Quoted terms joined by spaces; terms without a letter or digit are left out, because
    /// the unicode61 tokenizer would find no token in them and FTS5 would match nothing.
    private static func expression(_ terms: [Term]) -> String? {
        let parts = terms.filter { hasToken($0.text) }.map { term in
            "\"" + term.text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" + (term.isPrefix ? "*" : "")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// True when unicode61 (token characters: letters, numbers, private use) finds a token.
    static func hasToken(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .otherNumber, .privateUse:
                return true
            default:
                return false
            }
        }
    }
}
