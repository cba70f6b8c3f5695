extension ArgumentRewrite {
    /// One option typed before the command: its name and the words that carry it after the
    /// command.
    struct Leading: Equatable {
        let name: String
        let words: [String]

        /// What the words before a command say, read with the options that command takes.
        enum Reading: Equatable {
            /// The options, in the order typed.
            case options([Leading])
            /// An option the command does not take, as typed.
            case notTaken(String)
            /// Not all options: a word there is no option, or the last option's value is the
            /// word taken for the command (`--tag now note …`). Another word may be the command.
            case notBefore
            /// Help, the version or completion: the words are left to the parser as typed.
            case asTyped
        }

        /// The options `words` hold, for `command`: `--db PATH`, `--db=PATH`, `-v`, `-n 3`, and
        /// clusters of short ones, whose last may take a value after its letter (`-vn3`).
        static func read(_ words: ArraySlice<String>, for command: CommandShape) -> Reading {
            var options: [Leading] = []
            var index = words.startIndex
            while index < words.endIndex {
                let word = words[index]
                let next = index + 1 < words.endIndex ? words[index + 1] : nil
                guard isOption(word) else { return .notBefore }
                let name = word.firstIndex(of: "=").map { String(word[..<$0]) } ?? word
                guard !rootOptions.contains(name), !word.hasPrefix("---") else { return .asTyped }
                if name != word || word.hasPrefix("--") || word.count == 2 {
                    guard let takesValue = command.options[name] else { return .notTaken(name) }
                    guard takesValue, name == word else {
                        options.append(Leading(name: name, words: [word]))
                        index += 1
                        continue
                    }
                    guard let next else { return .notBefore }
                    options.append(Leading(name: name, words: [word, next]))
                    index += 2
                    continue
                }
                var rest = word.dropFirst()
                while let letter = rest.popFirst() {
                    let short = "-\(letter)"
                    guard let takesValue = command.options[short] else { return .notTaken(short) }
                    guard takesValue else {
                        options.append(Leading(name: short, words: [short]))
                        continue
                    }
                    if !rest.isEmpty {
                        options.append(Leading(name: short, words: ["\(short)=\(rest)"]))
                        break
                    }
                    guard let next else { return .notBefore }
                    options.append(Leading(name: short, words: [short, next]))
                    index += 1
                }
                index += 1
            }
            return .options(options)
        }
    }
}
