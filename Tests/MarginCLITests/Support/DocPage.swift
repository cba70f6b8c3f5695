import Foundation
import Testing

/// A fenced block of a Markdown page: its language, its text and where it starts, so that a
/// failure can name the file and line a reader would open.
struct DocBlock: Sendable {
    var page: String
    /// The line of the opening fence, counting from 1.
    var line: Int
    var language: String
    var text: String
    /// Why the block cannot run in the test, when the line before its fence says
    /// `<!-- doc-test: check-only (why) -->`; its command lines are still checked.
    var checkOnly: String?

    var isShell: Bool { language == "sh" }
    var location: String { "\(page):\(line)" }
}

/// The README and the pages of docs/, read as the doc test reads them.
struct DocPage: Sendable, CustomTestStringConvertible {
    /// The path from the checkout's root, such as `docs/sync.md`.
    let path: String
    var testDescription: String { path }

    /// The checkout this test file belongs to.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The README first, then docs/*.md by name.
    static var all: [DocPage] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return [DocPage(path: "README.md")] + docs.filter { $0.hasSuffix(".md") }.sorted().map { DocPage(path: "docs/" + $0) }
    }

    /// Fence words that would be shell under another name: the pages use `sh` alone, so that
    /// no shell block escapes the test by its spelling.
    static let otherShellWords: Set<String> = ["bash", "console", "shell", "shell-session", "zsh", "shellsession"]

    static let markPrefix = "<!-- doc-test: check-only ("

    func text() throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every fenced block, in page order. A fence may be indented (inside a list item); the
    /// block's lines lose that indentation.
    func blocks() throws -> [DocBlock] {
        let lines = try text().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [DocBlock] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let indent = line.prefix { $0 == " " }.count
            let trimmed = line.dropFirst(indent)
            guard trimmed.hasPrefix("```") else { index += 1; continue }
            let language = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)
            var body: [String] = []
            var end = index + 1
            while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" {
                body.append(String(lines[end].dropFirst(min(indent, lines[end].prefix { $0 == " " }.count))))
                end += 1
            }
            let previous = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
            blocks.append(DocBlock(page: path, line: index + 1, language: language,
                                   text: body.joined(separator: "\n") + "\n", checkOnly: Self.reason(previous)))
            index = end + 1
        }
        return blocks
    }

    /// Lines carrying the check-only mark, counting from 1: each must sit right before a shell fence.
    func markLines() throws -> [Int] {
        try text().split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { $0.element.trimmingCharacters(in: .whitespaces).hasPrefix(Self.markPrefix) }
            .map { $0.offset + 1 }
    }

    private static func reason(_ line: String) -> String? {
        guard line.hasPrefix(markPrefix), line.hasSuffix(") -->") else { return nil }
        return String(line.dropFirst(markPrefix.count).dropLast(") -->".count))
    }
}
