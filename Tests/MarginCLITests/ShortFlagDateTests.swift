import Foundation
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
        let sandbox = try await Sandbox.start()
        defer { Task { await sandbox.stop() } }
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

    @Test("list -n 3 -t x -j: short flags for limit, tag and json")
    func shortFlags() async throws {
        let sandbox = try await Sandbox.start()
        defer { Task { await sandbox.stop() } }
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

    @Test("every command's --help ends with two or three examples")
    func helpExamples() async throws {
        let sandbox = try await Sandbox.start()
        defer { Task { await sandbox.stop() } }
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
