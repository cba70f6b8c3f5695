import ArgumentParser
import MarginViews

/// A value from a fixed set typed on the command line (`--format`, `--color`): refused with the
/// whole set and, when the typed word is close to one, "did you mean".
enum ChoiceArgument {
    /// The case whose raw value is `raw`, or the parser's usage error naming the choices.
    static func parse<Value: CaseIterable & RawRepresentable>(_ raw: String, as _: Value.Type = Value.self) throws -> Value
    where Value.RawValue == String {
        let lowered = raw.trimmingCharacters(in: .whitespaces).lowercased()
        if let value = Value.allCases.first(where: { $0.rawValue == lowered }) { return value }
        let names = Value.allCases.map(\.rawValue)
        throw ArgumentProblem(description: refusal(lowered, names))
    }

    /// What the shells complete for such a value: every choice.
    static func completion<Value: CaseIterable & RawRepresentable>(_: Value.Type) -> CompletionKind
    where Value.RawValue == String {
        .list(Value.allCases.map(\.rawValue))
    }

    /// "expected one of …", with "did you mean" when one choice is near `word`.
    static func refusal(_ word: String, _ names: [String]) -> String {
        let list = names.map { "'\($0)'" }.joined(separator: ", ")
        guard let near = nearest(to: word, among: names) else { return "expected one of \(list)" }
        return "did you mean '\(near)'? (expected one of \(list))"
    }

    /// The typo's nearest choice, or the one choice `word` abbreviates: its letters in order,
    /// starting with the same one (`md` for markdown).
    static func nearest(to word: String, among names: [String]) -> String? {
        guard !word.isEmpty else { return nil }
        if let near = CommandSuggestion.nearest(to: word, among: names) { return near }
        let abbreviated = names.filter { $0.first == word.first && isSubsequence(word, of: $0) }
        return abbreviated.count == 1 ? abbreviated[0] : nil
    }

    private static func isSubsequence(_ word: String, of name: String) -> Bool {
        var rest = Substring(name)
        for character in word {
            guard let index = rest.firstIndex(of: character) else { return false }
            rest = rest[rest.index(after: index)...]
        }
        return true
    }
}
