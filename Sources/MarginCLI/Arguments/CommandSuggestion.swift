import ArgumentParser
import MarginViews

/// "Did you mean": the nearest command name to one that does not exist, as git and gh suggest.
enum CommandSuggestion {
    /// A one-line error when `arguments` name a subcommand that does not exist under `root`,
    /// with the nearest real one when one is close; nil when the words name real commands.
    static func unknownCommand(in arguments: [String], root: any ParsableCommand.Type) -> String? {
        var command = root
        var path = [root.configuration.commandName ?? "margin"]
        for word in arguments {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty, !word.hasPrefix("-"), word != "help" else { return nil }
            if let next = subcommands.first(where: { names(of: $0).contains(word) }) {
                command = next
                path.append(next.configuration.commandName ?? word)
                continue
            }
            let parent = path.joined(separator: " ")
            let quoted = Terminal.sanitize(word)
            guard let nearest = nearest(to: word, among: subcommands.flatMap(names(of:))) else {
                return "'\(quoted)' is not a \(parent) command; '\(parent) --help' lists them"
            }
            return "'\(quoted)' is not a \(parent) command; did you mean '\(parent) \(nearest)'?"
        }
        return nil
    }

    /// The candidate closest to `word` by edit distance, when it is close enough to be a typo.
    static func nearest(to word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word.lowercased(), $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let allowed = max(1, min(2, best.0.count / 3))
        if best.1 <= allowed { return best.0 }
        // A prefix of one command only ("exp" for export) is a typo too.
        let prefixed = candidates.filter { $0.hasPrefix(word.lowercased()) }
        return word.count >= 2 && prefixed.count == 1 ? prefixed[0] : nil
    }

    /// Edit distance counting an adjacent swap as one edit (optimal string alignment).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
                }
            }
        }
        return rows[a.count][b.count]
    }

    private static func names(of command: any ParsableCommand.Type) -> [String] {
        [command.configuration.commandName].compactMap { $0 } + command.configuration.aliases
    }
}
