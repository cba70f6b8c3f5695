import Foundation
import Testing
import NoteFixtures

/// NoteStore is the only module that speaks SQL to the local store: no other module under
/// Sources/ imports GRDB or SQLite, calls SQLite's C API, or holds SQL naming the store's
/// tables. NoteSync's SQL against the PostgreSQL hub names its tables with their schema
/// (`margin.note`), which tells it apart.
@Suite("the store owns its SQL")
struct StoreOwnershipTests {
    /// Every Swift file under Sources/ but NoteStore's (and the C target that sets SQLite up).
    static func sourcesOutsideTheStore() throws -> [(path: String, text: String)] {
        try SQLScanner.swiftFiles(under: SQLScanner.sourcesRoot)
            .filter { !$0.hasPrefix("NoteStore/") && !$0.hasPrefix("CSQLiteSetup/") }
            .map { ($0, try String(contentsOfFile: SQLScanner.sourcesRoot + "/" + $0, encoding: .utf8)) }
    }

    @Test("no file outside Sources/NoteStore imports GRDB or SQLite or holds SQL against the local store")
    func nothingOutsideTheStore() throws {
        let sources = try Self.sourcesOutsideTheStore()
        // Sources/ holds the other modules: an empty list would make the check vacuous.
        #expect(sources.count > 100)
        let findings = try sources.flatMap { file in try SQLScanner.findings(in: file.text).map { "\(file.path): \($0)" } }
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
    }

    @Test("the scan finds the store's own SQL, imports and C calls in Sources/NoteStore")
    func scanSeesTheStore() throws {
        let files = try SQLScanner.swiftFiles(under: SQLScanner.sourcesRoot).filter { $0.hasPrefix("NoteStore/") }
        let findings = try files.flatMap { path in
            try SQLScanner.findings(in: try String(contentsOfFile: SQLScanner.sourcesRoot + "/" + path, encoding: .utf8))
        }
        #expect(findings.contains { $0.hasPrefix("imports GRDB") })
        #expect(findings.contains { $0.hasPrefix("calls SQLite") })
        #expect(findings.contains { $0.hasPrefix("SQL") && $0.contains("note_tag") })
        #expect(findings.contains { $0.hasPrefix("SQL") && $0.contains("PRAGMA") })
    }

    @Test("what moved into the store would be found where it was: an export over GRDB, an apply over the change log")
    func scanSeesWhatMoved() throws {
        let export = """
            import GRDB
            import NoteStore
            let sql = "SELECT \\(Note.selection) FROM note WHERE note.seq = ?"
            let code = sqlite3_step(statement)
            """
        #expect(try SQLScanner.findings(in: export).count == 3)
        let apply = """
            try db.execute(sql: "UPDATE sync_state SET pending = 0, base_hlc = hlc WHERE note_id = ?")
            try db.execute(sql: "PRAGMA cache_size = -65536")
            INSERT OR IGNORE INTO note_version (note_id, hlc) VALUES (?, ?)
            """
        #expect(try SQLScanner.findings(in: apply).count == 3)
        // The hub's SQL, against PostgreSQL, names its tables with their schema.
        let hub = """
            SELECT id, hlc, body::text, seq FROM margin.note WHERE owner = current_user
            INSERT INTO margin.note (id, hlc) SELECT id, hlc FROM incoming
            UPDATE margin.note n SET seq = 1 FROM ranked r WHERE n.id = r.id
            """
        #expect(try SQLScanner.findings(in: hub).isEmpty)
    }
}

/// Finds what only NoteStore may hold.
enum SQLScanner {
    /// The package's Sources/ directory.
    static let sourcesRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources").path

    /// The local store's tables and SQLite's own, as SQL names them.
    static let storeTables = [
        "note", "note_tag", "note_ft", "note_ft_config", "note_search", "note_version", "episode", "show", "sync_state",
        "sync_clock", "sync_hub", "grdb_migrations", "sqlite_master", "sqlite_schema", "import_old",
    ]

    /// What `text` holds that only the store may: one line per finding. It looks for a module
    /// import of GRDB or SQLite, a call into SQLite's C API, and a statement that names one of
    /// ``storeTables`` unqualified, or a PRAGMA.
    static func findings(in text: String) throws -> [String] {
        let importPattern = try Regex(#"(?m)^\s*(@testable\s+)?import\s+(GRDB|GRDBSQLite|SQLite3|CSQLiteSetup)\b"#)
        let cPattern = try Regex(#"\bsqlite3_[a-z_0-9]+\s*\("#)
        let sqlPattern = try Regex(
            #"\b(FROM|INTO|UPDATE|JOIN|TABLE|ON)\s+(temp\.)?("# + storeTables.joined(separator: "|") + #")\b(?!\.)|\bPRAGMA\s+[a-z_]+"#)
        var found: [String] = []
        for match in text.matches(of: importPattern) { found.append("imports " + text[match.range].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "import ", with: "")) }
        for match in text.matches(of: cPattern) { found.append("calls SQLite: " + text[match.range]) }
        for match in text.matches(of: sqlPattern) { found.append("SQL: " + text[match.range]) }
        return found
    }

    /// The paths, relative to `root`, of the Swift files under it.
    static func swiftFiles(under root: String) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root)
        var paths: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".swift") { paths.append(path) }
        }
        return paths.sorted()
    }
}
