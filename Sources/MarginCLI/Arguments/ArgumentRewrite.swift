import ArgumentParser

/// The words typed, rewritten into the form the argument parser takes, before it parses them:
///
/// - options before the command go after it, where that command takes them:
///   `margin -v now` is `margin now -v`, `margin --db x.sqlite list` is `margin list --db x.sqlite`;
///   one the command does not take is refused naming the command;
/// - a short option's value may follow its letter, as `head -n1` takes it: `-n1` is `-n 1`,
///   `-tidea` is `-t idea`, `-jn5` is `-j -n 5`, for every short option that takes a value.
///
/// Flags without a value, words after `--`, negative numbers (no option is a digit), the value of
/// an option given apart from it, and a `-word` where such words are the command's own
/// (`search cache -nginx` is no limit: a `-n` there takes only a number) are left as typed, and so is everything when the words say nothing it knows. Only the shape
/// of the command named is read (``CommandShape``), and only when a word may need it.
enum ArgumentRewrite {
    /// Options of margin itself, which stay where they are: help, the version, completion.
    static let rootOptions: Set = ["-h", "--help", "-help", "--version", "--generate-completion-script", "--experimental-dump-help"]

    /// `words` rewritten for the parser of `root`; throws a ``ValidationError`` naming the
    /// command for an option given before a command that does not take it.
    static func rewrite(_ words: [String], root: any ParsableCommand.Type = MarginCommand.self) throws -> [String] {
        guard mayNeedRewriting(words) else { return words }
        guard let first = words.first, isOption(first) else {
            let named = command(in: words, at: 0, root: root)
            return named.path + split(words[named.end...], for: CommandShape.of(named.type))
        }
        var refusal: ValidationError?
        for start in words.indices.dropFirst() {
            if words[start] == "--" { break }
            guard CommandShape.subcommand(of: root, named: words[start]) != nil else { continue }
            let named = command(in: words, at: start, root: root)
            let shape = CommandShape.of(named.type)
            switch Leading.read(words[..<start], for: shape) {
            case .asTyped:
                return words
            case .options(let leading):
                return named.path + leading.flatMap(\.words) + split(words[named.end...], for: shape)
            case .notTaken(let option):
                let name = (["margin"] + named.path).joined(separator: " ")
                refusal = refusal ?? ValidationError("'\(name)' does not take \(option); see '\(name) --help'")
            case .notBefore:
                continue
            }
        }
        if let refusal { throw refusal }
        return withoutCommand(words, root: CommandShape.margin)
    }

    /// Options with no command after them: as typed, unless a word that is no command follows
    /// them, which then comes first so that the parser's "did you mean" names it.
    /// The shape of every command is read only past a first word that is not margin's own
    /// (`margin --version` reads none).
    static func withoutCommand(_ words: [String], root: @autoclosure () -> CommandShape) -> [String] {
        guard let first = words.first, !rootOptions.contains(first.firstIndex(of: "=").map { String(first[..<$0]) } ?? first) else {
            return words
        }
        let known = root().optionsBelow
        var index = 0
        while index < words.count, isOption(words[index]) {
            let word = words[index]
            let name = word.firstIndex(of: "=").map { String(word[..<$0]) } ?? word
            guard !rootOptions.contains(name), let answers = known[name] else { return words }
            index += answers == [true] && name == word ? 2 : 1
        }
        guard index < words.count, words[index] != "help" else { return words }
        return Array(words[index...]) + words[..<index]
    }

    /// The command `words` name from `start` (`config get`): its words, its type, and where the
    /// words after it start.
    static func command(in words: [String], at start: Int, root: any ParsableCommand.Type)
        -> (path: [String], type: any ParsableCommand.Type, end: Int) {
        var type = root
        var index = start
        while index < words.count, let next = CommandShape.subcommand(of: type, named: words[index]) {
            type = next
            index += 1
        }
        return (Array(words[start..<index]), type, index)
    }

    /// Whether any word could be rewritten: an option first, or a short option with more
    /// after its letter. Most command lines are neither, and are passed on without reading
    /// any command's shape.
    static func mayNeedRewriting(_ words: [String]) -> Bool {
        guard let first = words.first else { return false }
        if isOption(first) { return true }
        for word in words {
            if word == "--" { return false }
            if word.count > 2, word.hasPrefix("-"), !word.hasPrefix("--"), word.dropFirst().first?.isLetter == true { return true }
        }
        return false
    }

    /// An option or a cluster of short ones: a dash and more, but not `--` nor a negative number.
    static func isOption(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word != "--", let next = word.dropFirst().first else { return false }
        return next == "-" || next.isLetter
    }

    /// The words after the command, with each short option's attached value split off.
    static func split(_ words: ArraySlice<String>, for command: CommandShape) -> [String] {
        var out: [String] = []
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            if word == "--" {
                out += words[index...]
                break
            }
            if command.options[word] == true {
                // An option and its value, given apart: the value is taken as it is.
                out += words[index..<min(index + 2, words.endIndex)]
                index += 2
                continue
            }
            out += attached(word, for: command) ?? [word]
            index += 1
        }
        return out
    }

    /// `-n1` as `-n=1`, `-jn5` as `-j` and `-n=5`: flags of `command` then a short option that
    /// takes a value with its value after it; nil for any other word. Where dashed words are the
    /// command's own (`search`'s `-word`), the value must be a number.
    static func attached(_ word: String, for command: CommandShape) -> [String]? {
        guard word.count > 2, word.hasPrefix("-"), !word.hasPrefix("--") else { return nil }
        var flags = ""
        var rest = word.dropFirst()
        while let letter = rest.popFirst() {
            guard letter.isLetter, let takesValue = command.options["-\(letter)"] else { return nil }
            guard takesValue else {
                flags.append(letter)
                continue
            }
            // `-n=1` the parser reads itself; `-jn 5` it splits itself.
            guard let first = rest.first, first != "=" else { return nil }
            if command.takesDashedWords, Int(rest) == nil { return nil }
            return (flags.isEmpty ? [] : ["-" + flags]) + ["-\(letter)=\(rest)"]
        }
        return nil
    }
}
