import Foundation
import MarginViews

/// A `--since`/`--until` pair that no note could fall between.
enum DateRangeError: MarginError {
    /// `--since` names a moment at or after the one `--until` stops before.
    case reversed(since: String, start: Date, until: String, end: Date)

    var errorDescription: String? {
        switch self {
        case .reversed(let since, let start, let until, let end):
            "--since '\(Terminal.sanitize(since))' (\(LocalTime.day(start)) \(LocalTime.clock(start))) is not before "
                + "--until '\(Terminal.sanitize(until))' (up to \(LocalTime.day(end)) \(LocalTime.clock(end))); "
                + "swap them, or give an earlier --since"
        }
    }

    var exitStatus: ExitStatus { .usage }
}
