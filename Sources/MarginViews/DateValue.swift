import Foundation

/// A point in time typed by a user, read in the local time zone: a day (`2026-11-21`, local
/// midnight), a day and time (`2026-11-21 09:15`, `2026-11-21T09:15:00`), a full RFC 3339
/// time, a span back from now (`12h`, `2d`, `3w`), or a word people say.
///
/// The words name the start of a day: `today` and `yesterday` their midnights, a weekday
/// (`monday`, `mon`) the start of the most recent such day — today when today is that day —
/// and `last week` the start (Monday 00:00) of the previous calendar week, Monday to Sunday.
/// ``range(_:now:timeZone:)`` gives the whole span a word names, for a printout of what it meant,
/// and ``end(_:now:timeZone:)`` where `--until` stops.
public enum DateValue {
    public static let examples = "today, yesterday, monday, last week, 2d, 3w, 12h, 2026-11-21 or 2026-11-21T09:15"

    /// The start of the span `raw` names, or nil when it is not a DATE.
    public static func parse(_ raw: String, now: Date = Date(), timeZone: TimeZone = .current) -> Date? {
        range(raw, now: now, timeZone: timeZone)?.lowerBound
    }

    /// The span `raw` names: a day for a day or a day word, the week for `last week`, up to now
    /// for a span back from now, one instant for a time.
    public static func range(_ raw: String, now: Date = Date(), timeZone: TimeZone = .current) -> Range<Date>? {
        let text = raw.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.count <= 40 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.firstWeekday = 2
        if let span = span(text) {
            let start = now.addingTimeInterval(-span)
            return start..<max(now, start.addingTimeInterval(1))
        }
        if let words = DateWord(text.lowercased()) { return words.range(now: now, calendar: calendar) }
        if text.count == 10, let start = day(text, calendar: calendar) {
            return start..<(calendar.date(byAdding: .day, value: 1, to: start) ?? start.addingTimeInterval(86_400))
        }
        guard let instant = localTime(text, calendar: calendar) ?? rfc3339(text) else { return nil }
        return instant..<instant.addingTimeInterval(1)
    }

    /// The moment `--until raw` keeps notes before: the end of a named day or week, so that
    /// `--until yesterday` keeps all of yesterday; the instant a span back from now reaches
    /// (`--until 2d`: notes older than two days); just past a time, so the time itself is kept.
    /// Nil when `raw` is not a DATE.
    public static func end(_ raw: String, now: Date = Date(), timeZone: TimeZone = .current) -> Date? {
        guard let range = range(raw, now: now, timeZone: timeZone) else { return nil }
        let text = raw.trimmingCharacters(in: .whitespaces)
        if span(text) != nil { return range.lowerBound }
        if DateWord(text.lowercased()) != nil || text.count == 10 { return range.upperBound }
        return range.lowerBound.addingTimeInterval(0.001)
    }

    /// `12h`, `2d`, `3w` in seconds.
    private static func span(_ text: String) -> TimeInterval? {
        guard let unit = text.last, let factor = ["h": 3_600.0, "d": 86_400.0, "w": 604_800.0][unit] else { return nil }
        let digits = text.dropLast()
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Double(digits) else { return nil }
        return n * factor
    }

    private static func day(_ text: String, calendar: Calendar) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
        else { return nil }
        let components = DateComponents(year: y, month: m, day: d)
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components)
    }

    /// `2026-11-21 09:15`, `2026-11-21T09:15:30`: a wall-clock time with no offset, read locally.
    private static func localTime(_ text: String, calendar: Calendar) -> Date? {
        let characters = Array(text)
        guard characters.count == 16 || characters.count == 19, [" ", "T", "t"].contains(characters[10]),
              let start = day(String(characters[0..<10]), calendar: calendar) else { return nil }
        let clock = characters[11...].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count >= 2, clock.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        let numbers = clock.compactMap { Int(String($0)) }
        guard numbers.count == clock.count, numbers[0] < 24, numbers[1] < 60, numbers.count < 3 || numbers[2] < 60 else { return nil }
        var components = calendar.dateComponents([.year, .month, .day], from: start)
        components.hour = numbers[0]
        components.minute = numbers[1]
        components.second = numbers.count > 2 ? numbers[2] : 0
        return calendar.date(from: components)
    }

    private static func rfc3339(_ text: String) -> Date? {
        let normalized = text.replacingOccurrences(of: "t", with: "T").replacingOccurrences(of: "z", with: "Z")
        guard normalized.contains("T") else { return nil }
        for fractional in [true, false] {
            let style = Date.ISO8601FormatStyle(includingFractionalSeconds: fractional)
            if let date = try? style.parse(normalized) { return date }
        }
        return nil
    }
}
