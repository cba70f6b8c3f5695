import Foundation
import TestSupport

/// What the built binaries say their subcommands and flags are, asked through `--help` once per
/// command: a command line in the docs is checked against these, so a renamed flag fails the
/// doc test even in a block that cannot run.
actor HelpCatalog {
    private var pages: [[String]: String] = [:]

    /// The problems of one command line of a page, each naming what the binary does not know.
    func problems(program: String, words: [ShellWord]) async throws -> [String] {
        let words = words.filter { !$0.text.isEmpty }
        var path = [program]
        var rest = words[...]
        var help = try await page(path)
        // Descend into subcommands while the next word names one (`margin config set`).
        while let word = rest.first, !word.quoted, !word.text.hasPrefix("-") {
            let names = Self.subcommands(in: help)
            if names.isEmpty { break }
            guard names.contains(word.text) || (path.count == 1 && word.text == "help") else {
                return ["\(path.joined(separator: " ")) has no subcommand '\(word.text)'"]
            }
            if word.text == "help" { return [] }
            path.append(word.text)
            rest = rest.dropFirst()
            help = try await page(path)
        }
        if path == ["margin"], let first = rest.first, !["--help", "-h", "--version"].contains(first.text),
           !first.text.hasPrefix("--generate-completion-script") {
            return ["margin needs a subcommand before '\(first.text)'"]
        }
        let root = path.count > 1 && program == "margin" ? try await page(["margin"]) : ""
        var problems: [String] = []
        for word in rest where !word.quoted {
            if word.text == "--" { break }
            guard let flag = Self.flag(word.text) else { continue }
            // `margin tag ID +t -u`: a minus before a tag's name removes it.
            if path == ["margin", "tag"] && !flag.hasPrefix("--") { continue }
            if !Self.mentions(help, flag) && !Self.mentions(root, flag) {
                problems.append("\(path.joined(separator: " ")) has no option '\(flag)'")
            }
        }
        return problems
    }

    /// The flag a word names: `--name` (without any `=value`) or a one-letter `-x`; nil for an
    /// argument (`-`, `+tag`, a path).
    static func flag(_ word: String) -> String? {
        if word.hasPrefix("--"), word.count > 2 { return String(word.prefix { $0 != "=" }) }
        if word.count == 2, word.hasPrefix("-"), word.last?.isLetter == true { return word }
        return nil
    }

    /// Whether help text lists `flag` as an option, not just as part of a longer one.
    static func mentions(_ help: String, _ flag: String) -> Bool {
        var searchRange = help.startIndex..<help.endIndex
        while let found = help.range(of: flag, range: searchRange) {
            let next = found.upperBound < help.endIndex ? help[found.upperBound] : " "
            if !(next.isLetter || next.isNumber || next == "-") { return true }
            searchRange = found.upperBound..<help.endIndex
        }
        return false
    }

    /// The names under `SUBCOMMANDS:` in a help page.
    static func subcommands(in help: String) -> [String] {
        guard let start = help.range(of: "SUBCOMMANDS:\n") else { return [] }
        var names: [String] = []
        for line in help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty { if names.isEmpty { continue } else { break } }
            // A name starts two columns in; a wrapped description starts further.
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first else { continue }
            names.append(name.hasSuffix(",") ? String(name.dropLast()) : String(name))
        }
        return names
    }

    private func page(_ path: [String]) async throws -> String {
        if let known = pages[path] { return known }
        let executable = MarginProcess.productsDirectory.appendingPathComponent(path[0]).path
        let home = try temporaryDirectory("margin-help") + "/home"
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try await MarginProcess.run(Array(path.dropFirst()) + ["--help"],
                                                 environment: ["PATH": "/usr/bin:/bin", "HOME": home, "COLUMNS": "200"],
                                                 executable: executable, timeout: .seconds(120))
        guard result.status == 0 else { throw SpawnFailed("\(path.joined(separator: " ")) --help exited \(result.status): \(result.stderr)") }
        pages[path] = result.stdout
        return result.stdout
    }
}
