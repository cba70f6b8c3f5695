import Foundation
import Testing
@testable import MarginViews

@Suite("Reading notes in a table")
struct NoteViewTests {
    @Test("a note's day is the calendar's day in the zone, across centuries, offsets and DST")
    func days() throws {
        let zones = ["UTC", "America/St_Johns", "Asia/Kathmandu", "Pacific/Kiritimati", "America/Los_Angeles", "Europe/Paris"]
        var generator = SystemRandomNumberGenerator()
        for name in zones {
            let zone = try #require(TimeZone(identifier: name))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            // Day boundaries (and a second either side) around the epoch, leap days and
            // century years, then random moments from 1901 to 2099.
            var moments: [Double] = [0, -1, 1, 951_782_400, 951_868_799, 4_107_542_399, -2_208_988_800, 1_774_746_000]
            for _ in 0..<2_000 { moments.append(Double.random(in: -2_147_483_648...4_102_444_800, using: &generator)) }
            for offset in [-1.0, 0, 1] { moments += moments.prefix(8).map { $0 + offset * 86_400 } }
            for moment in moments {
                let date = Date(timeIntervalSince1970: moment)
                let parts = calendar.dateComponents([.year, .month, .day], from: date)
                let expected = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
                #expect(NoteView.day(date, in: zone) == expected, "\(name) \(moment)")
            }
        }
    }

    @Test("a row shows the first line of a note, split where Swift sees a line feed of its own")
    func firstLines() {
        let cases: [(String, String)] = [
            ("one line", "one line"),
            ("first\nsecond", "first …"),
            ("\nafter an empty first line", " …"),
            ("windows\r\nline", "windows\u{FFFD}\u{FFFD}line"),
            ("cr alone\rstays", "cr alone\u{FFFD}stays"),
            ("é\u{301}\ncombining", "é\u{301} …"),
            ("tab\there\nmore", "tab\u{FFFD}here …"),
            ("ends with a line feed\n", "ends with a line feed …"),
            ("", ""),
        ]
        for (text, shown) in cases {
            #expect(NoteView.firstLine(text) == shown, "\(text.debugDescription)")
            // What splitting by Character gives, the reference.
            let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            let first = Terminal.sanitize(String(lines.first ?? ""))
            #expect(NoteView.firstLine(text) == (lines.count > 1 ? first + " …" : first))
        }
    }
}
