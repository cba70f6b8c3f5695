import Foundation
import Testing
@testable import NoteStore
import NoteFixtures

@Suite("Timestamps")
struct TimestampTests {
    @Test("formats UTC with milliseconds and parses it back")
    func roundTrip() throws {
        let date = moment()
        #expect(NoteTimestamp.string(from: date) == "2026-11-21T09:15:02.123Z")
        #expect(NoteTimestamp.date(from: "2026-11-21T09:15:02.123Z") == NoteTimestamp.rounded(date))
        #expect(NoteTimestamp.string(from: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(NoteTimestamp.string(from: Date(timeIntervalSince1970: 951_782_400.5)) == "2000-02-29T00:00:00.500Z")
        #expect(NoteTimestamp.string(from: Date(timeIntervalSince1970: -0.001)) == "1969-12-31T23:59:59.999Z")
    }

    @Test("agrees with Foundation's ISO 8601 over many dates")
    func agreesWithFoundation() throws {
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        for step in 0..<2000 {
            let date = NoteTimestamp.rounded(Date(timeIntervalSince1970: Double(step) * 1_234_567.891))
            let ours = NoteTimestamp.string(from: date)
            // Foundation truncates the binary fraction (….781999 prints .781), so compare
            // through its parser rather than its printer.
            #expect(NoteTimestamp.milliseconds(try style.parse(ours)) == NoteTimestamp.milliseconds(date))
            #expect(NoteTimestamp.date(from: ours) == date)
        }
    }

    @Test("rounds to the nearest millisecond, stably")
    func rounding() {
        let date = Date(timeIntervalSince1970: 1_795_252_502.1236)
        let rounded = NoteTimestamp.rounded(date)
        #expect(NoteTimestamp.string(from: rounded) == "2026-11-21T09:15:02.124Z")
        #expect(NoteTimestamp.rounded(rounded) == rounded)
    }

    @Test("accepts other RFC 3339 shapes and rejects garbage")
    func otherShapes() {
        #expect(NoteTimestamp.date(from: "2026-11-21T09:15:02Z") == Date(timeIntervalSince1970: 1_795_252_502))
        #expect(NoteTimestamp.date(from: "2026-11-21T10:15:02.123+01:00") == NoteTimestamp.rounded(moment()))
        #expect(NoteTimestamp.date(from: "yesterday") == nil)
        #expect(NoteTimestamp.date(from: "2026-13-21T09:15:02.123Z") == nil)
    }
}
