import Foundation
import Testing
@testable import MarginViews

@Suite("DATE words people say, on a fixed clock")
struct DateWordTests {
    /// Wednesday 2026-11-25 15:30 in Berlin (UTC+1): 14:30 UTC.
    static let now = Date(timeIntervalSince1970: 1_795_617_000)
    static let berlin = TimeZone(identifier: "Europe/Berlin")

    /// Local midnight in Berlin on 2026-11-`day`, as a UTC instant.
    static func midnight(_ day: Int) -> Date {
        Date(timeIntervalSince1970: 1_795_474_800 + Double(day - 24) * 86_400)
    }

    func parse(_ text: String) throws -> Date? {
        DateValue.parse(text, now: Self.now, timeZone: try #require(Self.berlin))
    }

    @Test("the fixed clock is the Wednesday afternoon the other cases assume")
    func clock() throws {
        #expect(try parse("2026-11-25") == Self.midnight(25))
        #expect(try parse("2026-11-25 15:30") == Self.now)
    }

    @Test("today and yesterday are local midnights")
    func days() throws {
        #expect(try parse("today") == Self.midnight(25))
        #expect(try parse("Yesterday") == Self.midnight(24))
        #expect(try parse(" TODAY ") == Self.midnight(25))
    }

    @Test("a weekday is the most recent such day, today when today is that day")
    func weekdays() throws {
        #expect(try parse("monday") == Self.midnight(23))
        #expect(try parse("mon") == Self.midnight(23))
        #expect(try parse("tuesday") == Self.midnight(24))
        #expect(try parse("wednesday") == Self.midnight(25))
        #expect(try parse("thursday") == Self.midnight(19))
        #expect(try parse("Sun") == Self.midnight(22))
    }

    @Test("last week is the previous Monday-to-Sunday week, --since taking its Monday")
    func lastWeek() throws {
        let zone = try #require(Self.berlin)
        #expect(try parse("last week") == Self.midnight(16))
        #expect(try parse("last-week") == Self.midnight(16))
        let range = try #require(DateValue.range("last week", now: Self.now, timeZone: zone))
        #expect(range == Self.midnight(16)..<Self.midnight(23))
    }

    @Test("spans count back from now: hours, days and weeks")
    func spans() throws {
        #expect(try parse("2d") == Self.now.addingTimeInterval(-2 * 86_400))
        #expect(try parse("3w") == Self.now.addingTimeInterval(-21 * 86_400))
        #expect(try parse("12h") == Self.now.addingTimeInterval(-12 * 3_600))
    }

    @Test("a time without an offset is local; with one it is that instant")
    func times() throws {
        #expect(try parse("2026-11-25T09:00") == Self.midnight(25).addingTimeInterval(9 * 3_600))
        #expect(try parse("2026-11-25T09:00:30") == Self.midnight(25).addingTimeInterval(9 * 3_600 + 30))
        #expect(try parse("2026-11-25T09:00:00Z") == Self.midnight(25).addingTimeInterval(10 * 3_600))
    }

    @Test("--until keeps a named day or week whole, stops at the instant a span reaches, and keeps a time itself")
    func ends() throws {
        let zone = try #require(Self.berlin)
        func end(_ text: String) -> Date? { DateValue.end(text, now: Self.now, timeZone: zone) }
        #expect(end("yesterday") == Self.midnight(25))
        #expect(end("today") == Self.midnight(26))
        #expect(end("2026-11-21") == Self.midnight(22))
        #expect(end("monday") == Self.midnight(24))
        #expect(end("last week") == Self.midnight(23), "the Monday that starts this week")
        #expect(end("2d") == Self.now.addingTimeInterval(-2 * 86_400))
        #expect(end("2026-11-25T09:00") == Self.midnight(25).addingTimeInterval(9 * 3_600 + 0.001))
        #expect(end("soon") == nil)
    }
}
