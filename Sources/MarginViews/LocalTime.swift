import Foundation

/// Times as a person reads them on this machine: local time zone, seconds included.
public enum LocalTime {
    /// The Gregorian calendar in `timeZone`, which every reading here goes through.
    static func calendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// `09:15:02`: when a note was just taken, so the user can still place it.
    public static func clock(_ date: Date, timeZone: TimeZone = .current) -> String {
        let parts = calendar(timeZone).dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    /// `2026-11-21`: the local day of `date`.
    public static func day(_ date: Date, timeZone: TimeZone = .current) -> String {
        let parts = calendar(timeZone).dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}

/// Dates and ranges of them in the words people use, on this machine's calendar: `Mon 16 Nov 2026`.
extension LocalTime {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Mon 16 Nov 2026`: the local day of `date`, without the year when `year` is false.
    public static func date(_ date: Date, year: Bool = true, timeZone: TimeZone = .current) -> String {
        let parts = calendar(timeZone).dateComponents([.weekday, .day, .month, .year], from: date)
        let weekday = weekdays[((parts.weekday ?? 1) - 1 + 7) % 7]
        let month = months[((parts.month ?? 1) - 1 + 12) % 12]
        return "\(weekday) \(parts.day ?? 0) \(month)" + (year ? " \(parts.year ?? 0)" : "")
    }

    /// The notes' creation times a listing keeps, from `start` (kept) to `end` (the first moment
    /// left out), as local dates: `from Mon 16 Nov to Thu 26 Nov 2026`, `since Mon 16 Nov 2026`,
    /// `up to Thu 26 Nov 2026`, `on Thu 26 Nov 2026`. An end at midnight names the last day it
    /// keeps (`--until yesterday` stops at the midnight that starts today: up to yesterday);
    /// a bound that is not a midnight adds its time (`since Thu 26 Nov 2026 08:30:15`).
    /// Nil when there is neither.
    public static func range(from start: Date?, before end: Date?, timeZone: TimeZone = .current) -> String? {
        let calendar = calendar(timeZone)
        func isMidnight(_ date: Date) -> Bool { calendar.startOfDay(for: date) == date }
        /// The day and, off midnight, the time.
        func moment(_ date: Date, year: Bool = true) -> String {
            let day = Self.date(date, year: year, timeZone: timeZone)
            return isMidnight(date) ? day : day + " " + time(date, timeZone: timeZone)
        }
        // The last moment kept: the day before a midnight end, else the end itself.
        let last = end.map { isMidnight($0) ? calendar.date(byAdding: .day, value: -1, to: $0) ?? $0 : $0 }
        switch (start, end, last) {
        case (let start?, let end?, let last?):
            if isMidnight(start), isMidnight(end), last == start { return "on " + moment(start) }
            let sameYear = calendar.component(.year, from: start) == calendar.component(.year, from: last)
            return "from \(moment(start, year: !sameYear)) to \(moment(last))"
        case (let start?, nil, _):
            return "since " + moment(start)
        case (nil, _?, let last?):
            return "up to " + moment(last)
        default:
            return nil
        }
    }

    /// `08:30`, or `08:30:15` when the seconds are not zero.
    private static func time(_ date: Date, timeZone: TimeZone) -> String {
        let clock = clock(date, timeZone: timeZone)
        return clock.hasSuffix(":00") ? String(clock.dropLast(3)) : clock
    }

}
