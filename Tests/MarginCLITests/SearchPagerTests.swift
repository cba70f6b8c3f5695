import Foundation
import TestSupport
import Testing

/// `margin search` that finds what people type, and long output paged on a terminal.
@Suite("search and the pager", .serialized)
struct SearchPagerTests {
    @Test("search finds other forms of a word, OR and -word work, and a full page says how many more match")
    func searchFinds() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            _ = try await sandbox.take("the cache went cold at noon")
            _ = try await sandbox.take("redis as a store")
            _ = try await sandbox.take("memcached caches everything")
            let stemmed = try await sandbox.margin("search", "caches", "--json")
            #expect(stemmed.status == 0)
            let found = try JSONSerialization.jsonObject(with: Data(stemmed.stdout.utf8)) as? [[String: Any]] ?? []
            #expect(found.count == 2, "caches finds cache and caches: \(stemmed.stdout)")
            let either = try await sandbox.margin("search", "redis", "OR", "memcached")
            #expect(either.stdout.contains("as a store") && either.stdout.contains("caches everything"), "\(either.stdout)")
            let without = try await sandbox.margin("search", "cache", "-memcached")
            #expect(without.stdout.contains("went cold") && !without.stdout.contains("memcached"), "\(without.stdout)")
            let typo = try await sandbox.margin("search", "cache", "--limt", "3")
            #expect(typo.status == 64 && typo.stderr.contains("--limt"), "an unknown option is not searched for: \(typo.stderr)")
            let onlyOut = try await sandbox.margin("search", "-redis")
            #expect(onlyOut.status == 64 && onlyOut.stderr.contains("margin search"), "\(onlyOut.stderr)")
            let page = try await sandbox.margin("search", "cache", "--limit", "1")
            #expect(page.status == 0)
            #expect(page.stderr.contains("showing 1 of 2 (--limit to see more)"), "\(page.stderr)")
            let whole = try await sandbox.margin("search", "cache", "--limit", "2")
            #expect(!whole.stderr.contains("showing"), "\(whole.stderr)")
        }
    }

    @Test("a word in more notes than are worth counting: 'showing 20 of 10,000+', the JSON the same 20")
    func countCapped() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            _ = try await sandbox.take("common ground under every note")
            let line = try #require(try await sandbox.margin("export", "--format", "jsonl").stdout.split(separator: "\n").first.map(String.init))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let id = try #require(object["id"] as? String)
            let copies = (0..<10_050).map { _ in line.replacingOccurrences(of: id, with: UUID().uuidString.lowercased()) }
            let other = ["MARGIN_DB": sandbox.root + "/many.sqlite"]
            let imported = try await sandbox.margin("import", "-", env: other, stdin: copies.joined(separator: "\n") + "\n")
            #expect(imported.status == 0, "\(imported.stderr)")
            let search = try await sandbox.margin("search", "common", env: other)
            #expect(search.status == 0)
            #expect(search.stderr.contains("showing 20 of 10,000+ (--limit to see more)"), "\(search.stderr)")
            let json = try await sandbox.margin("search", "common", "--json", env: other)
            let notes = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]] ?? []
            #expect(notes.count == 20)
        }
    }

    /// A pager that marks each line it shows, and records that it ran.
    func pager(_ sandbox: Sandbox) throws -> String {
        let path = sandbox.root + "/pager"
        let script = "#!/bin/sh\necho \"LESS=$LESS\" > '\(sandbox.root)/pager-ran'\nsed 's/^/paged: /'\n"
        _ = FileManager.default.createFile(atPath: path, contents: Data(script.utf8), attributes: [.posixPermissions: 0o755])
        return path
    }

    @Test("list and search page through $PAGER on a terminal, never when piped, and not with --no-pager")
    func paging() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            _ = try await sandbox.take("a note worth paging through")
            let pager = try pager(sandbox)
            func terminal(_ arguments: [String]) async throws -> TmuxSession {
                try await TmuxSession.start(arguments, environment: sandbox.environment(["PAGER": pager]), in: sandbox.root)
            }
            for arguments in [["list"], ["search", "paging"]] {
                try? FileManager.default.removeItem(atPath: sandbox.root + "/pager-ran")
                let tmux = try await terminal(arguments)
                #expect(try await tmux.exitStatus() == 0)
                let screen = try await tmux.history()
                tmux.stop()
                #expect(screen.contains("paged: ") && screen.contains("note worth"), "\(arguments): \(screen)")
                #expect(FileManager.default.fileExists(atPath: sandbox.root + "/pager-ran"))

                let plain = try await terminal(arguments + ["--no-pager"])
                #expect(try await plain.exitStatus() == 0)
                let unpaged = try await plain.history()
                plain.stop()
                #expect(unpaged.contains("note worth") && !unpaged.contains("paged: "), "\(arguments) --no-pager: \(unpaged)")

                let piped = try await sandbox.run(arguments, env: ["PAGER": pager])
                #expect(piped.status == 0 && !piped.stdout.contains("paged: "), "\(arguments) piped: \(piped.stdout)")
            }
            // The pager (less, by default) runs with LESS=FRX unless LESS says otherwise.
            #expect(try String(contentsOfFile: sandbox.root + "/pager-ran", encoding: .utf8) == "LESS=FRX\n")
        }
    }
}
