/// A word of a shell command line, and whether any of it was quoted: a quoted word is an
/// argument, never a flag or a subcommand.
struct ShellWord: Equatable, Sendable {
    var text: String
    var quoted: Bool
}

/// The simple commands of a shell script, as far as the doc test needs them: enough to find
/// each `margin …` in a block (after `|`, `&&`, `;`, `$(`, an environment assignment or
/// `sudo`) and read its words. It is no shell: expansions stay as written.
enum ShellWords {
    /// The programs whose command lines are checked against their `--help`.
    static let programs: Set<String> = ["margin", "margin-token-service", "spotify-emulator"]

    /// Every command of `script` that runs one of ``programs``: the program's name, then its words.
    static func invocations(in script: String) -> [(program: String, words: [ShellWord])] {
        commands(in: script).compactMap { command in
            var words = command[...]
            while let first = words.first, !first.quoted,
                  first.text.contains("=") && !first.text.hasPrefix("-") || ["sudo", "exec", "time", "command"].contains(first.text) {
                words = words.dropFirst()
            }
            guard let first = words.first, !first.quoted else { return nil }
            let name = first.text.split(separator: "/").last.map(String.init) ?? first.text
            guard programs.contains(name) else { return nil }
            return (name, Array(words.dropFirst()))
        }
    }

    /// The commands of a script: its words, split at operators and line ends, with comments,
    /// line continuations and redirections left out.
    static func commands(in script: String) -> [[ShellWord]] {
        var commands: [[ShellWord]] = [], current: [ShellWord] = [], outer: [[ShellWord]] = []
        var word = "", quoted = false, inWord = false
        var quote: Character?
        var skipNext = false
        func endWord() {
            if inWord {
                if skipNext { skipNext = false } else if word.first == ">" || word.first == "<" || word.hasPrefix("2>") || word.hasPrefix("&>") {
                    // A redirection; its target is the next word unless joined to it.
                    skipNext = word.allSatisfy { "<>&0123456789".contains($0) }
                } else {
                    current.append(ShellWord(text: word, quoted: quoted))
                }
            }
            word = ""; quoted = false; inWord = false
        }
        func endCommand() {
            endWord()
            if !current.isEmpty { commands.append(current) }
            current = []
            skipNext = false
        }
        var characters = Array(script.replacingOccurrences(of: "\\\n", with: " "))[...]
        while let character = characters.popFirst() {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
                continue
            }
            switch character {
            case "'", "\"":
                quote = character; quoted = true; inWord = true
            case "#" where !inWord:
                while let next = characters.first, next != "\n" { characters = characters.dropFirst() }
            case " ", "\t":
                endWord()
            case "&" where word.hasSuffix(">"):
                word.append(character)
            case "$" where characters.first == "(":
                // A command substitution: a command of its own, inside the one around it.
                endWord()
                outer.append(current)
                current = []
                characters = characters.dropFirst()
            case ")" where !outer.isEmpty:
                endWord()
                if !current.isEmpty { commands.append(current) }
                current = outer.removeLast()
                inWord = true
            case "\n", ";", "|", "&", "(", ")", "`":
                endCommand()
            default:
                word.append(character); inWord = true
            }
        }
        endCommand()
        return commands
    }

    /// The shell lines of a `text` block: those a transcript shows after a `$ ` prompt.
    static func promptLines(in text: String) -> String {
        text.split(separator: "\n").filter { $0.hasPrefix("$ ") }.map { String($0.dropFirst(2)) }.joined(separator: "\n")
    }
}
