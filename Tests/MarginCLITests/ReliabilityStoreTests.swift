import Foundation
import NoteStore
import TestSupport
import Testing

/// A store in a temporary folder, with Spotify unreachable (notes are saved unpinned).
struct OfflineStore {
    let root: String
    var db: String { root + "/notes.sqlite" }
    var env: [String: String] { Reliability.offlineEnvironment(root: root, db: db) }

    init() throws { root = try temporaryDirectory("margin-rel") }
    func remove() { try? FileManager.default.removeItem(atPath: root) }

    func run(_ arguments: String..., stdin: Data? = nil) async throws -> (status: Int32, stdout: Data, stderr: String) {
        try await Reliability.run(arguments, environment: env, stdin: stdin)
    }

    func notes() async throws -> [[String: Any]] {
        let result = try await run("list", "--json", "--limit", "1000")
        guard result.status == 0 else { throw ProcessTimeout(arguments: ["list: \(result.stderr)"]) }
        return try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]] ?? []
    }
}

@Suite("reliability: store and text")
struct ReliabilityStoreTests {
    @Test("a store written by a newer margin is refused, exit 1, and its bytes are unchanged")
    func newerSchema() async throws {
        let store = try OfflineStore()
        defer { store.remove() }
        try #require(try await store.run("note", "before the upgrade").status == 0)
        #expect(try await Reliability.sqlite(store.db, "INSERT INTO grdb_migrations VALUES ('v999'); SELECT count(*) FROM grdb_migrations") == String(NoteStore.migrations.count + 1))
        let before = try Data(contentsOf: URL(fileURLWithPath: store.db))
        for arguments in [["list"], ["note", "after the downgrade"]] {
            let result = try await Reliability.run(arguments, environment: store.env)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("newer margin"), "\(result.stderr)")
        }
        let after = try Data(contentsOf: URL(fileURLWithPath: store.db))
        #expect(after == before, "the file's bytes are unchanged")
        #expect(try await Reliability.sqlite(store.db, "SELECT count(*) FROM note") == "1")
    }

    @Test("control characters are stored faithfully but list and show never print ESC or BEL")
    func hostileText() async throws {
        let store = try OfflineStore()
        defer { store.remove() }
        let text = "title \u{1B}]0;owned\u{07} clear \u{1B}[2J back\rover \u{1B}[31mred\u{9B}1m tab\tend"
        let saved = try await store.run("note", "--json", stdin: Data(text.utf8))
        #expect(saved.status == 0, "\(saved.stderr)")
        let notes = try await store.notes()
        #expect(notes.first?["text"] as? String == text)
        let id = try #require(notes.first?["id"] as? String)
        for arguments in [["list"], ["show", id], ["show", String(id.prefix(8))], ["search", "clear"], ["list", "--limit", "1"]] {
            let result = try await Reliability.run(arguments, environment: store.env)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(!result.stdout.contains(0x1B) && !result.stdout.contains(0x07), "\(arguments) printed ESC or BEL")
            #expect(!result.stdout.contains(0x0D), "\(arguments) printed a carriage return")
            #expect(!result.stderr.utf8.contains(0x1B), "\(arguments) stderr has ESC")
        }
        let shown = try await Reliability.run(["show", id, "--json"], environment: store.env)
        let object = try JSONSerialization.jsonObject(with: shown.stdout) as? [String: Any]
        #expect(object?["text"] as? String == text)
    }

    @Test("invalid UTF-8 on stdin is stored as U+FFFD, as the same bytes given as an argument are, and stderr says so")
    func invalidUTF8() async throws {
        let store = try OfflineStore()
        defer { store.remove() }
        let bytes: [UInt8] = [0x63, 0x61, 0x66, 0xE9]
        let piped = try await store.run("note", stdin: Data(bytes + [0x0A]))
        #expect(piped.status == 0)
        #expect(piped.stderr.contains("not valid UTF-8") && piped.stderr.contains("U+FFFD"), "\(piped.stderr)")
        let argument = String(decoding: bytes, as: UTF8.self)
        #expect(try await store.run("note", argument).status == 0)
        let texts = try await store.notes().compactMap { $0["text"] as? String }
        #expect(texts == ["caf\u{FFFD}", "caf\u{FFFD}"])
    }

    @Test("a 1 MB note and a note with NUL bytes arrive through stdin intact")
    func largeAndNUL() async throws {
        let store = try OfflineStore()
        defer { store.remove() }
        var big = ""
        var line = 0
        while big.utf8.count < 1_000_000 { big += "line \(line) of a long note — ünïcode ✓\n"; line += 1 }
        big += "the end"
        let large = try await store.run("note", "--json", stdin: Data(big.utf8))
        #expect(large.status == 0, "\(large.stderr)")
        let nul = "before\u{0}after\u{0}"
        let withNUL = try await store.run("note", "--json", stdin: Data(nul.utf8))
        #expect(withNUL.status == 0, "\(withNUL.stderr)")
        let listed = try await store.run("list", "--json")
        #expect(String(decoding: listed.stdout, as: UTF8.self).contains(#"before\u0000after\u0000"#))
        let texts = try await store.notes().compactMap { $0["text"] as? String }
        #expect(texts.count == 2)
        #expect(texts.contains(big), "the 1 MB note round-trips")
        #expect(texts.contains(nul), "the NUL bytes round-trip")
    }
}
