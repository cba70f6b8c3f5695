/// Turns what a user types into an FTS5 query that cannot be a syntax error.
///
/// Users type words, "quoted phrases" and prefix* terms, and expect all of them to match;
/// `OR` between two terms matches either (`redis OR memcached cache`: either word, and cache),
/// and `-word` (or `-"a phrase"`) leaves out the notes that have it. Everything else FTS5
/// would read as syntax (AND, NOT, parentheses, `^`, `col:`, stray quotes) is taken literally:
/// each term is sent as a quoted FTS5 string.
public enum SearchQuery {
    /// One term of the user's query.
    struct Term: Equatable {
        var text: String
        var isPrefix: Bool
        /// `-word`: notes with it are left out.
        var isExcluded = false
        /// The bare word `OR`, which joins the terms either side of it.
        var isOr = false

        init(text: String, isPrefix: Bool, isExcluded: Bool = false, isOr: Bool = false) {
            (self.text, self.isPrefix, self.isExcluded, self.isOr) = (text, isPrefix, isExcluded, isOr)
        }
    }

    /// The FTS5 MATCH expression for `input`, or nil when it holds nothing searchable
    /// (only punctuation, emoji or spaces, or only `-words`).
    static func match(_ input: String) -> String? {
        var groups: [[String]] = []
        var excluded: [String] = []
        var joinNext = false
        for term in terms(input) {
            if term.isOr {
                joinNext = !groups.isEmpty
                continue
            }
            guard hasToken(term.text) else { continue }
            if term.isExcluded {
                excluded.append(quoted(term))
            } else if joinNext, !groups.isEmpty {
                groups[groups.count - 1].append(quoted(term))
            } else {
                groups.append([quoted(term)])
            }
            joinNext = false
        }
        guard !groups.isEmpty else { return nil }
        let found = groups.map { $0.count == 1 ? $0[0] : "(" + $0.joined(separator: " OR ") + ")" }.joined(separator: " AND ")
        guard !excluded.isEmpty else { return found }
        let left = groups.count == 1 ? found : "(" + found + ")"
        return left + " NOT " + (excluded.count == 1 ? excluded[0] : "(" + excluded.joined(separator: " OR ") + ")")
    }

    /// Whether `input` asks only to leave notes out (`-word`s), with nothing to find.
    public static func onlyExcludes(_ input: String) -> Bool {
        let searchable = terms(input).filter { !$0.isOr && hasToken($0.text) }
        return !searchable.isEmpty && searchable.allSatisfy(\.isExcluded)
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
            } else if character == "\"" || (character == "-" && index + 1 < characters.count && characters[index + 1] == "\"") {
                // `-"a phrase"` leaves the phrase out.
                let excluded = character == "-"
                let open = excluded ? index + 1 : index
                guard let close = characters[(open + 1)...].firstIndex(of: "\"") else {
                    index = open + 1
                    continue
                }
                let phrase = String(characters[(open + 1)..<close])
                index = close + 1
                terms.append(Term(text: phrase, isPrefix: takeStars(), isExcluded: excluded))
            } else {
                let start = index
                while index < characters.count, !characters[index].isWhitespace, characters[index] != "\"" {
                    index += 1
                }
                var word = String(characters[start..<index])
                if word == "OR" {
                    terms.append(Term(text: word, isPrefix: false, isOr: true))
                    continue
                }
                let excluded = word.hasPrefix("-") && word.count > 1
                if excluded { word.removeFirst() }
                let isPrefix = word.hasSuffix("*")
                while word.hasSuffix("*") { word.removeLast() }
                terms.append(Term(text: word, isPrefix: isPrefix, isExcluded: excluded))
            }
        }
        return terms
    }

    /// Quoted terms joined by spaces; terms without a letter or digit are left out, because
    /// the unicode61 tokenizer would find no token in them and FTS5 would match nothing.
    private static func expression(_ terms: [Term]) -> String? {
        let parts = terms.filter { hasToken($0.text) }.map(quoted)
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// A term as an FTS5 string, a prefix when it is one.
    private static func quoted(_ term: Term) -> String {
        "\"" + term.text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" + (term.isPrefix ? "*" : "")
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
