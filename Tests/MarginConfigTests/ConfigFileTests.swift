import Testing
@testable import MarginConfig

@Suite("config.toml parsing")
struct ConfigFileTests {
    @Test("reads basic and literal strings, escapes, comments and blank lines")
    func reads() throws {
        let text = "# c\n\nclient_id = \"a\\\"b\\u00e9\"  # trailing\nmarket='SE'\n"
        let config = try ConfigFile(text: text, path: "c.toml")
        #expect(config["client_id"] == "a\"bé")
        #expect(config["market"] == "SE")
    }

    @Test("names the line of anything it does not understand", arguments: [
        ("market = SE", 1), ("x\nclient_id = \"a\"", 1), ("\n\nmarket = \"SE\" trailing", 3), ("client_id = \"open", 1),
        ("colour = \"red\"", 1), ("[table]", 1), ("client_id = \"\\q\"", 1),
    ])
    func rejects(text: String, line: Int) {
        #expect(throws: ConfigError.self) { try ConfigFile(text: text, path: "c.toml") }
        do { _ = try ConfigFile(text: text, path: "c.toml") } catch {
            #expect(error == .invalid(path: "c.toml", line: line, reason: reasonOf(error)))
        }
    }

    private func reasonOf(_ error: ConfigError) -> String {
        if case .invalid(_, _, let reason) = error { return reason }
        return ""
    }

    @Test("set writes a value that reads back the same, whatever it contains")
    func quoting() throws {
        var config = ConfigFile()
        config.set("client_id", "we\"ird\\\n\tvalue\u{1}")
        let reread = try ConfigFile(text: config.text, path: "c.toml")
        #expect(reread["client_id"] == "we\"ird\\\n\tvalue\u{1}")
    }
}
