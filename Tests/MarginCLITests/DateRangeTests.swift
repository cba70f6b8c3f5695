import Foundation
import TestSupport
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
        try await using(try await Self.sandbox()) { sandbox in
            let before = ["tide three days back", "tide late yesterday"] as Set
            #expect(Self.texts(try await sandbox.notes("list", "--until", "yesterday", "--json")) == before)
            #expect(Self.texts(try await sandbox.notes("search", "tide", "--until", "yesterday", "--json")) == before)
            let exported = try await sandbox.margin("export", "--until", "yesterday", "--format", "jsonl")
            #expect(exported.status == 0 && exported.stdout.split(separator: "\n").count == 2, "\(exported.stderr)")
            #expect(Self.texts(try await sandbox.notes("list", "--since", "yesterday", "--until", "yesterday", "--json")) == ["tide late yesterday"])
            #expect(Self.texts(try await sandbox.notes("search", "tide", "--since", "yesterday", "--json")) == ["tide late yesterday", "tide just now"])
            #expect(Self.texts(try await sandbox.notes("list", "--until", "2d", "--json")) == ["tide three days back"])
        }
    }

    @Test("--since after --until is a usage error told in one line")
    func reversed() async throws {
        try await using(try await Self.sandbox()) { sandbox in
            for command in [["list"], ["search", "tide"], ["export"]] {
                let result = try await sandbox.run(command + ["--since", "today", "--until", "yesterday"])
                #expect(result.status == 64, "\(command): \(result.stderr)")
                let lines = result.stderr.split(separator: "\n")
                #expect(lines.count == 1 && lines[0].hasPrefix("margin: ") && lines[0].contains("--until"), "\(command): \(result.stderr)")
            }
        }
    }

    @Test("--verbose prints the range the dates resolved to, in local time")
    func verboseRange() async throws {
        try await using(try await Self.sandbox()) { sandbox in
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

    /// A zone far from UTC, so that a local date cannot pass for a UTC one.
    static let zone = "Asia/Tokyo"

    /// `Mon 16 Nov`, with ` 2026` when `year`, in ``zone``: read by DateFormatter, not by margin's code.
    static func words(_ date: Date, year: Bool = true) throws -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = year ? "EEE d MMM yyyy" : "EEE d MMM"
        return formatter.string(from: date)
    }

    @Test("an empty list says its range in local dates: last week up to yesterday, through yesterday")
    func emptyLastWeek() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            try await ShortFlagDateTests.importing([ShortFlagDateTests.record("tide just now", created: Date().addingTimeInterval(-1))], into: sandbox)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try #require(TimeZone(identifier: Self.zone))
            let today = calendar.startOfDay(for: Date())
            let yesterday = try #require(calendar.date(byAdding: .day, value: -1, to: today))
            // Back to this week's Monday (weekday 2), then a week more.
            var monday = today
            while calendar.component(.weekday, from: monday) != 2 { monday = try #require(calendar.date(byAdding: .day, value: -1, to: monday)) }
            let lastMonday = try #require(calendar.date(byAdding: .day, value: -7, to: monday))
            let sameYear = calendar.component(.year, from: lastMonday) == calendar.component(.year, from: yesterday)

            let result = try await sandbox.margin("list", "--since", "last week", "--until", "yesterday", env: ["TZ": Self.zone])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.isEmpty)
            let range = "from \(try Self.words(lastMonday, year: !sameYear)) to \(try Self.words(yesterday))"
            #expect(result.stderr == "No notes \(range) (1 in all; try a wider range).\n")

            let until = try await sandbox.margin("list", "--until", "yesterday", env: ["TZ": Self.zone])
            #expect(until.stderr == "No notes up to \(try Self.words(yesterday)) (1 in all; try a wider range).\n")
            let day = try await sandbox.margin("list", "--since", "yesterday", "--until", "yesterday", env: ["TZ": Self.zone])
            #expect(day.stderr == "No notes on \(try Self.words(yesterday)) (1 in all; try a wider range).\n")
            let search = try await sandbox.margin("search", "tide", "--since", "last week", "--until", "yesterday", env: ["TZ": Self.zone])
            #expect(search.status == 0, "\(search.stderr)")
            #expect(search.stderr == "No notes \(range) match (1 at other times; try a wider range).\n")
            let nowhere = try await sandbox.margin("search", "zzzz", "--until", "yesterday", env: ["TZ": Self.zone])
            #expect(nowhere.stderr == "No notes match.\n")
        }
    }

    @Test("an empty list names its episode, show and tag with the dates, as local days")
    func emptyFiltered() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            // Four notes on 2026-11-01 between 00:30 and 01:00 UTC: 09:30 to 10:00 in Tokyo.
            try await sandbox.seed(Catalog.notes)
            let tokyo = ["TZ": Self.zone]
            let cases: [([String], String)] = [
                (["list", "--episode", "Naming things", "--since", "2026-11-02"],
                 "No notes for episode 'Ep. 42 — Naming things' since Mon 2 Nov 2026 (4 in all; try a wider range)."),
                (["list", "--show", "Craft, Code", "--until", "2026-10-31"],
                 "No notes for show 'Craft, Code & Curiosity' up to Sat 31 Oct 2026 (4 in all; try a wider range)."),
                (["list", "--tag", "caching", "--since", "2026-11-02", "--until", "2026-11-03"],
                 "No notes for tag 'caching' from Mon 2 Nov to Tue 3 Nov 2026 (4 in all; try a wider range)."),
                (["list", "--show", Catalog.craft, "--tag", "caching"],
                 "No notes for show 'Craft, Code & Curiosity' and tag 'caching' (4 in all; 'margin list' shows them)."),
                (["list", "--since", "2025-12-30", "--until", "2026-10-31 08:00"],
                 "No notes from Tue 30 Dec 2025 to Sat 31 Oct 2026 08:00 (4 in all; try a wider range)."),
                (["list", "--since", "2026-11-01 10:00:30"],
                 "No notes since Sun 1 Nov 2026 10:00:30 (4 in all; try a wider range)."),
                // 09:00 in Tokyo is midnight UTC: before every note there, after all of them in UTC.
                (["list", "--until", "2026-11-01 09:00"],
                 "No notes up to Sun 1 Nov 2026 09:00 (4 in all; try a wider range)."),
                (["search", "thought", "--until", "2026-10-31"],
                 "No notes up to Sat 31 Oct 2026 match (4 at other times; try a wider range)."),
            ]
            for (arguments, expected) in cases {
                let result = try await sandbox.run(arguments, env: tokyo)
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
                #expect(result.stderr == expected + "\n", "\(arguments)")
            }
        }
    }
}
