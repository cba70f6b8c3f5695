import Foundation

/// The days people name rather than date: `today`, `yesterday`, a weekday, `last week`.
///
/// A weekday means the most recent such day, today included: on a Wednesday `monday` is two
/// days ago and `wednesday` is today, so `--since friday` never reaches into the future.
enum DateWord {
    case today
    case yesterday
    /// Gregorian weekday number: 1 Sunday … 7 Saturday.
    case weekday(Int)
    case lastWeek

    private static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// Reads a lowercased word; spaces between `last` and `week` may be one or more, or `-`/`_`.
    init?(_ lowered: String) {
        let words = lowered.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" })
        switch words.joined(separator: " ") {
        case "today": self = .today
        case "yesterday": self = .yesterday
        case "last week": self = .lastWeek
        case let word:
            guard let index = Self.weekdays.firstIndex(where: { $0 == word || (word.count == 3 && $0.hasPrefix(word)) }) else { return nil }
            self = .weekday(index + 1)
        }
    }

    /// The span the word names, whole local days from midnight; `calendar` has the zone and a
    /// week that starts on Monday.
    func range(now: Date, calendar: Calendar) -> Range<Date>? {
        let today = calendar.startOfDay(for: now)
        func days(_ count: Int, from start: Date) -> Date? { calendar.date(byAdding: .day, value: count, to: start) }
        switch self {
        case .today:
            guard let end = days(1, from: today) else { return nil }
            return today..<end
        case .yesterday:
            guard let start = days(-1, from: today) else { return nil }
            return start..<today
        case .weekday(let weekday):
            let back = (calendar.component(.weekday, from: today) - weekday + 7) % 7
            guard let start = days(-back, from: today), let end = days(1, from: start) else { return nil }
            return start..<end
        case .lastWeek:
            // Days since this week's Monday: Monday 0 … Sunday 6.
            let sinceMonday = (calendar.component(.weekday, from: today) + 5) % 7
            guard let thisMonday = days(-sinceMonday, from: today), let start = days(-7, from: thisMonday) else { return nil }
            return start..<thisMonday
        }
    }
}
