import Foundation
import Testing
import MarginViews

/// The dates an empty listing names, as local days.
@Suite("date ranges in words")
struct LocalRangeTests {
    static let tokyo = TimeZone(identifier: "Asia/Tokyo") ?? .gmt

    /// The moment of a wall-clock time in Tokyo.
    static func tokyo(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) throws -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = tokyo
        return try #require(calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)))
    }

    static func range(_ start: Date?, _ end: Date?) -> String? {
        LocalTime.range(from: start, before: end, timeZone: tokyo)
    }

    @Test("a day reads as weekday, day, month and year, in the zone given")
    func day() throws {
        // 2026-11-15 20:00 UTC is already Monday the 16th in Tokyo.
        let evening = Date(timeIntervalSince1970: 1_794_772_800)
        #expect(LocalTime.date(evening, timeZone: Self.tokyo) == "Mon 16 Nov 2026")
        #expect(LocalTime.date(evening, timeZone: .gmt) == "Sun 15 Nov 2026")
        #expect(LocalTime.date(evening, year: false, timeZone: Self.tokyo) == "Mon 16 Nov")
    }

    @Test("an end at midnight names the last day it keeps; one year is said once")
    func wholeDays() throws {
        // --since "last week" --until yesterday on Friday 27 November.
        #expect(Self.range(try Self.tokyo(2026, 11, 16), try Self.tokyo(2026, 11, 27)) == "from Mon 16 Nov to Thu 26 Nov 2026")
        #expect(Self.range(try Self.tokyo(2025, 12, 29), try Self.tokyo(2026, 1, 5)) == "from Mon 29 Dec 2025 to Sun 4 Jan 2026")
        #expect(Self.range(try Self.tokyo(2026, 11, 26), try Self.tokyo(2026, 11, 27)) == "on Thu 26 Nov 2026")
        #expect(Self.range(try Self.tokyo(2026, 11, 16), nil) == "since Mon 16 Nov 2026")
        #expect(Self.range(nil, try Self.tokyo(2026, 11, 27)) == "up to Thu 26 Nov 2026")
        #expect(Self.range(nil, nil) == nil)
    }

    @Test("a bound off midnight adds its time: minutes, and seconds when there are any")
    func times() throws {
        #expect(Self.range(try Self.tokyo(2026, 11, 26, 8, 30, 15), nil) == "since Thu 26 Nov 2026 08:30:15")
        // --until 2026-11-26T09:15 keeps 09:15 itself: it ends a millisecond later.
        let end = try Self.tokyo(2026, 11, 26, 9, 15).addingTimeInterval(0.001)
        #expect(Self.range(nil, end) == "up to Thu 26 Nov 2026 09:15")
        #expect(Self.range(try Self.tokyo(2026, 11, 26), end) == "from Thu 26 Nov to Thu 26 Nov 2026 09:15")
        #expect(Self.range(try Self.tokyo(2026, 11, 20, 12), try Self.tokyo(2026, 11, 27)) == "from Fri 20 Nov 12:00 to Thu 26 Nov 2026")
    }
}
