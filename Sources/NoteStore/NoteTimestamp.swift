import Foundation

/// The contract's time format: UTC ISO 8601 with milliseconds, `2026-11-21T09:15:02.123Z`.
///
/// The store keeps times as these strings because they sort lexicographically in time order,
/// read well in `sqlite3`, and are exactly what exports print. Formatting and parsing are done by
/// hand: exports stream a million notes, and a formatter per row would dominate the cost.
public enum NoteTimestamp {
    private static let millisecondsPerDay: Int64 = 86_400_000

    /// Milliseconds since 1970, rounded to the nearest.
    public static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// The date rounded to the millisecond, as the store will give it back.
    public static func rounded(_ date: Date) -> Date {
        Self.date(milliseconds: milliseconds(date))
    }

    /// The date for a count of milliseconds since 1970.
    public static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// `2026-11-21T09:15:02.123Z` for the date rounded to the millisecond.
    public static func string(from date: Date) -> String {
        string(milliseconds: milliseconds(date))
    }

    /// `2026-11-21T09:15:02.123Z` for a count of milliseconds since 1970.
    public static func string(milliseconds ms: Int64) -> String {
        let days = floorDivide(ms, millisecondsPerDay)
        let msOfDay = ms - days * millisecondsPerDay
        let (year, month, day) = civil(fromDays: days)
        var bytes = [UInt8](repeating: 0, count: 24)
        func put(_ value: Int64, at offset: Int, width: Int) {
            var rest = value
            for index in stride(from: offset + width - 1, through: offset, by: -1) {
                bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
        }
        put(min(max(year, 0), 9999), at: 0, width: 4)
        put(month, at: 5, width: 2)
        put(day, at: 8, width: 2)
        put(msOfDay / 3_600_000, at: 11, width: 2)
        put(msOfDay / 60_000 % 60, at: 14, width: 2)
        put(msOfDay / 1000 % 60, at: 17, width: 2)
        put(msOfDay % 1000, at: 20, width: 3)
        let separators: [(Int, Unicode.Scalar)] = [
            (4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":"), (19, "."), (23, "Z"),
        ]
        for (offset, scalar) in separators {
            bytes[offset] = UInt8(ascii: scalar)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses the contract's format, and any other RFC 3339 time (`…Z`, `…+02:00`, with or
    /// without fractional seconds) for imports written by other tools.
    public static func date(from string: String) -> Date? {
        if let ms = parseCanonical(string) {
            return Self.date(milliseconds: ms)
        }
        let styles = [
            Date.ISO8601FormatStyle(includingFractionalSeconds: true),
            Date.ISO8601FormatStyle(includingFractionalSeconds: false),
        ]
        for style in styles {
            if let date = try? style.parse(string) {
                return rounded(date)
            }
        }
        return nil
    }

    /// True when `string` is exactly `YYYY-MM-DDTHH:MM:SS.mmmZ` and names a real moment
    /// (no February 30th), as ``string(milliseconds:)`` would write it.
    package static func isValidCanonical(_ string: String) -> Bool {
        string.withUTF8Bytes(isValidCanonical)
    }

    /// ``isValidCanonical(_:)`` for UTF-8 bytes.
    package static func isValidCanonical(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let ms = parseCanonical(bytes) else { return false }
        // The day of the month is the one field the parser does not check against the calendar.
        let days = floorDivide(ms, millisecondsPerDay)
        return civil(fromDays: days).day == Int64(bytes[8] - 48) * 10 + Int64(bytes[9] - 48)
    }

    /// Milliseconds for exactly `YYYY-MM-DDTHH:MM:SS.mmmZ`, the only shape the store writes.
    static func parseCanonical(_ string: String) -> Int64? {
        string.withUTF8Bytes(parseCanonical)
    }

    private static func parseCanonical(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard bytes.count == 24, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
              bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "."),
              bytes[23] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ offset: Int, _ width: Int) -> Int64? {
            var value: Int64 = 0
            for index in offset..<offset + width {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              let milli = number(20, 3),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return days * millisecondsPerDay + ((hour * 60 + minute) * 60 + second) * 1000 + milli
    }

    // Howard Hinnant's proleptic Gregorian day arithmetic
    // (https://howardhinnant.github.io/date_algorithms.html), exact for every Int64 day count
    // margin will meet and free of Calendar's allocation per call.

    /// The calendar date `seconds` after the epoch; add a time zone's offset first for the
    /// local day.
    package static func civilDate(secondsSince1970 seconds: Int64) -> (year: Int64, month: Int64, day: Int64) {
        civil(fromDays: floorDivide(seconds, 86_400))
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let quotient = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
    }

    private static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
