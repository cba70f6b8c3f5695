import Foundation
import TestSupport
import Testing

@Suite("short flags and the dates people say, end to end")
struct ShortFlagDateTests {
    /// An unpinned note taken at `created`, tagged `tags`, as `import` reads it.
    static func record(_ text: String, created: Date, tags: [String] = []) -> String {
        let stamp = Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(created)
        let tagList = tags.map { "\"\($0)\"" }.joined(separator: ",")
        return """
            {"id":"\(UUID().uuidString.lowercased())","text":"\(text)","tags":[\(tagList)],\
            "created_at":"\(stamp)","updated_at":"\(stamp)","pinned":false,\
            "item_type":null,"item_id":null,"item_uri":null,"item_name":null,"show_id":null,"show_name":null,\
            "progress_ms":null,"duration_ms":null,"position":null,"link":null}
            """
    }

    static func importing(_ records: [String], into sandbox: Sandbox) async throws {
        let imported = try await sandbox.run(["import", "-"], stdin: records.joined(separator: "\n") + "\n")
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    @Test("list --since yesterday keeps today's note, leaves out one from three days ago, and -v says what it meant")
    func sinceYesterday() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let now = Date()
            try await Self.importing([Self.record("old one", created: now.addingTimeInterval(-3 * 86_400)),
                                      Self.record("fresh one", created: now.addingTimeInterval(-60))], into: sandbox)
            let recent = try await sandbox.notes("list", "--since", "yesterday", "--json")
            #expect(recent.map { $0["text"] as? String } == ["fresh one"])
            let week = try await sandbox.notes("list", "--since", "1w", "--json")
            #expect(week.count == 2)
            let told = try await sandbox.margin("list", "--since", "last week", "--verbose", "--json")
            #expect(told.status == 0, "\(told.stderr)")
            #expect(told.stderr.hasPrefix("margin: --since last week means from "), "\(told.stderr)")
        }
    }

    @Test("list -n 3 -t x -j: short flags for limit, tag and json")
    func shortFlags() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let now = Date()
            let records = (0..<5).map { Self.record("x \($0)", created: now.addingTimeInterval(Double(-$0 * 60)), tags: ["x"]) }
                + [Self.record("untagged", created: now)]
            try await Self.importing(records, into: sandbox)
            let notes = try await sandbox.notes("list", "-n", "3", "-t", "x", "-j")
            #expect(notes.map { $0["text"] as? String } == ["x 0", "x 1", "x 2"])
            let exported = try await sandbox.margin("export", "-t", "x", "--format", "jsonl")
            #expect(exported.stdout.split(separator: "\n").count == 5)
            let documented = [
                "list": ["-n, --limit", "-t, --tag", "-j, --json", "-e, --episode"],
                "note": ["-t, --tag", "-e, --episode", "-j, --json", "-d, --device"],
                "export": ["-t, --tag", "-e, --episode", "-o, --output"],
                "pause": ["-d, --device"], "episodes": ["-n, --limit", "-j, --json"], "search": ["-n, --limit", "-j, --json"],
            ]
            for (command, flags) in documented {
                let help = try await sandbox.margin(command, "--help")
                for flag in flags { #expect(help.stdout.contains(flag), "\(command) --help documents \(flag)") }
            }
        }
    }

    @Test("-n1 is -n 1, as head -n1 takes it, for every short option with a value; search's -word and tag's -tag stay")
    func attachedValues() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let now = Date()
            let records = (0..<3).map { Self.record("cache \($0)", created: now.addingTimeInterval(Double(-$0 * 60)), tags: ["x"]) }
                + [Self.record("cache redis", created: now.addingTimeInterval(-600), tags: ["todo", "x"])]
            try await Self.importing(records, into: sandbox)
            #expect(try await sandbox.notes("list", "-n1", "-j").map { $0["text"] as? String } == ["cache 0"])
            #expect(try await sandbox.notes("list", "-jn2", "-tx").map { $0["text"] as? String } == ["cache 0", "cache 1"])
            #expect(try await sandbox.notes("list", "-ttodo", "--json").map { $0["text"] as? String } == ["cache redis"])
            let file = sandbox.root + "/x.jsonl"
            let exported = try await sandbox.margin("export", "-tx", "--format", "jsonl", "-o\(file)")
            #expect(exported.status == 0, "\(exported.stderr)")
            #expect(try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").count == 4)
            // A negative value reaches the option's own check.
            let negative = try await sandbox.margin("list", "-n-1")
            #expect(negative.status == 64 && negative.stderr.hasPrefix("margin: --limit must be at least 1"), "\(negative.stderr)")
            // search's -word leaves notes out; only a number follows its -n.
            #expect(try await sandbox.notes("search", "cache", "-redis", "--json").count == 3)
            #expect(try await sandbox.notes("search", "cache", "-n1", "--json").count == 1)
            // tag's -tag removes one.
            let redis = try await sandbox.notes("list", "-ttodo", "--json")
            let id = try #require(redis.first?["id"] as? String)
            #expect(try await sandbox.margin("tag", String(id.prefix(8)), "-todo").stdout == "x\n")
        }
    }

    @Test("every command's --help ends with two or three examples")
    func helpExamples() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let commands = ["", "login", "logout", "whoami", "config", "config set", "config get", "config unset", "config list",
                            "config path", "note", "list", "show", "edit", "delete", "tag", "pin", "search", "jump", "listen",
                            "transcribe", "sync", "episodes", "shows", "find", "play", "export", "import", "now", "devices",
                            "pause", "resume", "seek", "back", "forward", "watch"]
            for command in commands {
                let words = command.split(separator: " ").map(String.init)
                let help = try await sandbox.run(words + ["--help"])
                #expect(help.status == 0, "\(command): \(help.stderr)")
                let block = help.stdout.components(separatedBy: "\nEXAMPLES:\n").last ?? ""
                let examples = block.split(separator: "\n")
                #expect(help.stdout.contains("\nEXAMPLES:\n"), "margin \(command) --help: \(help.stdout.suffix(200))")
                #expect(examples.allSatisfy { $0.hasPrefix("  margin ") || $0.hasPrefix("  $EDITOR") }, "margin \(command): \(block)")
                #expect((2...3).contains(examples.count), "margin \(command): \(block)")
            }
        }
    }
}
