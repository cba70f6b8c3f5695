import Foundation
import Testing

/// `--until` beside `--since`: the end of a range, a named day included whole.
@Suite("--since and --until, end to end")
struct DateRangeTests {
    /// Local midnight that started today.
    static var midnight: Date { Calendar.current.startOfDay(for: Date()) }

    /// Notes from three days ago, late yesterday (30 s before midnight) and a minute ago, all
    /// holding the word `tide`.
    static func sandbox() async throws -> Sandbox {
        let sandbox = try await Sandbox.start()
        try await ShortFlagDateTests.importing([
            ShortFlagDateTests.record("tide three days back", created: midnight.addingTimeInterval(-3 * 86_400 + 3_600)),
            ShortFlagDateTests.record("tide late yesterday", created: midnight.addingTimeInterval(-30)),
            ShortFlagDateTests.record("tide just now", created: Date().addingTimeInterval(-60)),
        ], into: sandbox)
        return sandbox
    }

    static func texts(_ notes: [[String: Any]]) -> Set<String> { Set(notes.map { $0["text"] as? String ?? "" }) }

    @Test("--until yesterday keeps all of yesterday, on list, search and export")
    func untilYesterday() async throws {
        let sandbox = try await Self.sandbox()
        defer { Task { await sandbox.stop() } }
        let before = ["tide three days back", "tide late yesterday"] as Set
        #expect(Self.texts(try await sandbox.notes("list", "--until", "yesterday", "--json")) == before)
        #expect(Self.texts(try await sandbox.notes("search", "tide", "--until", "yesterday", "--json")) == before)
        let exported = try await sandbox.margin("export", "--until", "yesterday", "--format", "jsonl")
        #expect(exported.status == 0 && exported.stdout.split(separator: "\n").count == 2, "\(exported.stderr)")
        #expect(Self.texts(try await sandbox.notes("list", "--since", "yesterday", "--until", "yesterday", "--json")) == ["tide late yesterday"])
        #expect(Self.texts(try await sandbox.notes("search", "tide", "--since", "yesterday", "--json")) == ["tide late yesterday", "tide just now"])
        #expect(Self.texts(try await sandbox.notes("list", "--until", "2d", "--json")) == ["tide three days back"])
    }

    @Test("--since after --until is a usage error told in one line")
    func reversed() async throws {
        let sandbox = try await Self.sandbox()
        defer { Task { await sandbox.stop() } }
        for command in [["list"], ["search", "tide"], ["export"]] {
            let result = try await sandbox.run(command + ["--since", "today", "--until", "yesterday"])
            #expect(result.status == 64, "\(command): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("margin: ") && lines[0].contains("--until"), "\(command): \(result.stderr)")
        }
    }

    @Test("--verbose prints the range the dates resolved to, in local time")
    func verboseRange() async throws {
        let sandbox = try await Self.sandbox()
        defer { Task { await sandbox.stop() } }
        func local(_ date: Date) -> String {
            let parts = Calendar.current.dateComponents([.year, .month, .day], from: date)
            return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        }
        let yesterday = local(Self.midnight.addingTimeInterval(-43_200))
        let today = local(Self.midnight)
        let expected = "margin: notes taken from \(yesterday) 00:00:00 to \(today) 00:00:00 \(TimeZone.current.identifier)"
        for command in [["list"], ["search", "tide"], ["export"]] {
            let result = try await sandbox.run(command + ["--since", "yesterday", "--until", "yesterday", "--verbose"])
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(result.stderr.contains(expected + " (the end not included)"), "\(command): \(result.stderr)")
        }
        let open = try await sandbox.margin("list", "--until", "yesterday", "-v")
        #expect(open.stderr.contains("margin: notes taken from the first note to \(today) 00:00:00"), "\(open.stderr)")
    }
}
