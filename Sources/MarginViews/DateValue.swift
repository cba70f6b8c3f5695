import Foundation

/// A point in time typed by a user: `2026-11-21` (local midnight), a full RFC 3339 time,
/// or relative to now: `7d`, `12h`.
public enum DateValue {
    public static let examples = "2026-11-21, 2026-11-21T09:15:00Z, 7d or 12h"

    public static func parse(_ raw: String, now: Date = Date(), timeZone: TimeZone = .current) -> Date? {
        let text = raw.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.count <= 40 else { return nil }
        if let unit = text.last, let factor = ["d": 86_400.0, "h": 3_600.0][unit] {
            let digits = text.dropLast()
            guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Double(digits) else { return nil }
            return now.addingTimeInterval(-n * factor)
        }
        if text.count == 10 { return day(text, timeZone: timeZone) }
        return rfc3339(text)
    }

    private static func day(_ text: String, timeZone: TimeZone) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: y, month: m, day: d)
        guard components.isValidDate(in: calendar) else { return nil }
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
