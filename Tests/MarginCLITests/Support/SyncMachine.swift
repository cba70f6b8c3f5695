import Foundation
import TestSupport
import Testing

/// One of a listener's machines: its own HOME, XDG folders and store, Spotify out of reach,
/// and the hub in `MARGIN_SYNC_URL`.
struct SyncMachine {
    let root: String
    let hub: String

    init(hub: String) throws {
        root = try temporaryDirectory("margin-rel")
        self.hub = hub
    }

    var environment: [String: String] {
        var env = Reliability.offlineEnvironment(root: root, db: root + "/data/margin/notes.sqlite")
        env["MARGIN_SYNC_URL"] = hub
        env["MARGIN_PIN_TIMEOUT"] = "1"
        return env
    }

    func margin(_ arguments: String..., env extra: [String: String] = [:]) async throws -> ProcessResult {
        try await MarginProcess.run(arguments, environment: environment.merging(extra) { $1 }, timeout: .seconds(180))
    }

    /// `margin sync --json`, expected to succeed; its report.
    func sync() async throws -> [String: Int] {
        let result = try await margin("sync", "--json")
        #expect(result.status == 0, "sync failed: \(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        // The counts; `skipped` and `hub_reset` are read where a test is about them.
        return (object ?? [:]).filter { ["pushed", "pulled", "conflicts"].contains($0.key) }.compactMapValues { $0 as? Int }
    }

    /// `margin export --format jsonl`: the bytes every machine must agree on.
    func export() async throws -> String {
        let result = try await margin("export", "--format", "jsonl")
        #expect(result.status == 0, "export failed: \(result.stderr)")
        return result.stdout
    }

    /// Imports `lines` of note JSON.
    func importNotes(_ lines: [String]) async throws {
        let file = root + "/import-\(UUID().uuidString).jsonl"
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: file))
        let result = try await margin("import", file)
        #expect(result.status == 0, "import failed: \(result.stderr)")
    }

    /// The id of the newest note whose text is `text`.
    func id(of text: String) async throws -> String {
        let result = try await margin("list", "--json", "--limit", "100000")
        let notes = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        return try #require(notes.first { $0["text"] as? String == text }?["id"] as? String, "no note '\(text)'")
    }

    /// Alice's two machines on `server`, where she owns the database `notes`; and the hub's URL.
    static func pair(on server: PostgresServer, password: String) async throws -> (url: String, SyncMachine, SyncMachine) {
        try await server.createUser("alice", password: password, database: "notes")
        let url = server.url(user: "alice", password: password, database: "notes")
        return (url, try SyncMachine(hub: url), try SyncMachine(hub: url))
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Notes of several shapes: pinned and not, non-ASCII, long, with line breaks and a NUL.
    static func sampleNotes(_ count: Int, prefix: String) -> [String] {
        (0..<count).map { index in
            let id = UUID().uuidString.lowercased()
            let texts = ["\(prefix) \(index) plain", "\(prefix) \(index) Grüße, 東京, emoji 🎧 and \"quotes\"",
                         "\(prefix) \(index) line one\nline two\ttabbed", "\(prefix) \(index) nul \u{0}inside",
                         "\(prefix) \(index) " + String(repeating: "long ", count: 400)]
            let text = texts[index % texts.count]
            let escaped = String(data: try! JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes]), encoding: .utf8)!
                .dropFirst().dropLast()
            let created = String(format: "2026-11-%02dT%02d:%02d:%02d.%03dZ", 1 + index % 20, index % 24, index % 60, (index * 7) % 60, index % 1000)
            let pin = index % 3 == 0
                ? #","pinned":false,"item_type":null,"item_id":null,"item_uri":null,"item_name":null,"show_id":null,"show_name":null,"progress_ms":null,"duration_ms":null,"position":null,"link":null"#
                : """
                ,"pinned":true,"item_type":"episode","item_id":"4rOoJ6Egrf8K2IrywzwOMk","item_uri":"spotify:episode:4rOoJ6Egrf8K2IrywzwOMk","item_name":"Épisode \(index % 7)","show_id":"5CfCWKI5pZ28U0uOzXkDHe","show_name":"Craft, Code & Curiosity","progress_ms":\(index * 1000),"duration_ms":3600000,"position":null,"link":null
                """
            let tags = index % 4 == 0 ? "[\"sample\",\"tag\(index % 5)\"]" : "[]"
            return "{\"id\":\"\(id)\",\"text\":\(escaped),\"tags\":\(tags),\"created_at\":\"\(created)\",\"updated_at\":\"\(created)\"\(pin)}"
        }
    }
}
