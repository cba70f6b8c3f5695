import Foundation
import NoteStore

/// A playback position typed by a user: `1:02:03`, `62:03`, `754` (seconds), `12m34s`, `1h2m3s`.
public struct TimeValue: Sendable, Equatable, CustomStringConvertible {
    public let milliseconds: Int

    public init(milliseconds: Int) {
        self.milliseconds = milliseconds
    }

    /// Parses every form the contract lists; nil for anything else.
    public init?(parsing raw: String) {
        let text = raw.trimmingCharacters(in: .whitespaces).lowercased()
        guard !text.isEmpty, text.count <= 16 else { return nil }
        if let seconds = Self.clock(text) ?? Self.units(text) {
            milliseconds = seconds * 1000
        } else {
            return nil
        }
    }

    /// `754`, `62:03`, `1:02:03` (minutes and seconds below 60 after the first field).
    private static func clock(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              parts.dropFirst().allSatisfy({ $0.count == 2 })
        else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count, numbers.dropFirst().allSatisfy({ $0 < 60 }), numbers[0] <= 100_000 else { return nil }
        return numbers.reduce(0) { $0 * 60 + $1 }
    }

    /// `12m34s`, `1h2m3s`, `90s`, `2h`: units in order h, m, s, each at most once.
    private static func units(_ text: String) -> Int? {
        let units: [Character: (order: Int, factor: Int)] = ["h": (0, 3600), "m": (1, 60), "s": (2, 1)]
        var total = 0, digits = "", lastOrder = -1
        for character in text {
            if character.isASCII && character.isNumber {
                digits.append(character)
                continue
            }
            guard let unit = units[character], unit.order > lastOrder, digits.count <= 6, let value = Int(digits)
            else { return nil }
            lastOrder = unit.order
            total += value * unit.factor
            digits = ""
        }
        return digits.isEmpty && lastOrder >= 0 ? total : nil
    }

    public static let examples = "1:02:03, 62:03, 754 (seconds), 12m34s or 1h2m3s"

    /// `12:34`, or `1:02:03` from an hour on.
    public var description: String { Self.format(milliseconds: milliseconds) }

    public static func format(milliseconds: Int) -> String {
        Note.formatPosition(milliseconds: milliseconds)
    }
}
