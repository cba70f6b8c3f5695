import Foundation
import TestSupport
import Testing

/// Options typed before the command, as `git -C DIR status` users type them.
@Suite("options before the command, end to end")
struct GlobalOptionTests {
    @Test("margin -v now is margin now -v, and margin --json now is margin now --json")
    func verboseAndJSON() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let verbose = try await sandbox.margin("-v", "now")
            #expect(verbose.status == 0, "\(verbose.stderr)")
            #expect(verbose.stderr.contains("GET /v1/me/player -> 200"), "\(verbose.stderr)")
            let json = try await sandbox.object("--json", "now")
            #expect(json["item_type"] as? String == "episode", "\(json)")
            let both = try await sandbox.object("--verbose", "-j", "now")
            #expect(both["item_type"] as? String == "episode", "\(both)")
        }
    }

    @Test("--db, -n1 and --no-pager before list, and --color with them")
    func storeBeforeList() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let elsewhere = sandbox.root + "/elsewhere.sqlite"
            let now = Date()
            let records = ["first", "second"].enumerated().map { ShortFlagDateTests.record($1, created: now.addingTimeInterval(Double(-$0 * 60))) }
            let imported = try await sandbox.run(["--db", elsewhere, "import", "-"], stdin: records.joined(separator: "\n") + "\n")
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(FileManager.default.fileExists(atPath: elsewhere))
            #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath), "the default store is left alone")
            let listed = try await sandbox.notes("--db=\(elsewhere)", "-n1", "--no-pager", "--color", "never", "list", "--json")
            #expect(listed.map { $0["text"] as? String } == ["first"])
        }
    }

    @Test("an option the command does not take is refused naming the command, exit 64; help and the version work as before")
    func refused() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let store = try await sandbox.margin("--db", sandbox.root + "/x.sqlite", "now")
            #expect(store.status == 64)
            #expect(store.stderr == "margin: 'margin now' does not take --db; see 'margin now --help'\n")
            let nested = try await sandbox.margin("-v", "config", "get", "client-id")
            #expect(nested.status == 64)
            #expect(nested.stderr == "margin: 'margin config get' does not take -v; see 'margin config get --help'\n")
            let typo = try await sandbox.margin("-v", "nwo")
            #expect(typo.status == 64)
            #expect(typo.stderr == "margin: 'nwo' is not a margin command; did you mean 'margin now'?\n")
            // margin's own options and nested commands are left as they were.
            for arguments in [["--help"], ["-h"], ["help", "list"], ["list", "-h"], ["-v", "--help"]] {
                let help = try await sandbox.run(arguments)
                #expect(help.status == 0, "\(arguments): \(help.stderr)")
                #expect(help.stdout.contains("USAGE: margin"), "\(arguments): \(help.stdout)")
            }
            let version = try await sandbox.margin("--version")
            #expect(version.status == 0 && version.stdout == "0.1.0\n", "\(version.output)")
            #expect(try await sandbox.margin("config", "set", "note.lead", "3").status == 0)
            #expect(try await sandbox.margin("config", "get", "note.lead").stdout == "3\n")
        }
    }
}
