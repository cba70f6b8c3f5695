import Foundation
import MarginConfig
import Testing

@Suite("the table of config keys in docs/configuration.md")
struct KeyTableDocTests {
    @Test("is the key table, row for row")
    func matches() throws {
        let page = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/configuration.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        let header = try #require(ConfigKey.markdownTable.split(separator: "\n").first)
        let start = try #require(text.range(of: String(header)))
        let table = text[start.lowerBound...]
            .split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { $0.hasPrefix("|") }
            .joined(separator: "\n") + "\n"
        #expect(table == ConfigKey.markdownTable)
    }
}
