import Foundation
import Testing
@testable import SpotifyClient

@Suite("UTC timestamps in credentials.json")
struct UTCTimestampTests {
    @Test("reads what JSONEncoder's iso8601 writes, to the same instant as Foundation's parser", arguments: [
        0.0, 951_782_400, 1_709_164_800, 1_800_000_000, 4_102_444_799, -86_400, 253_402_300_799,
    ])
    func agreesWithFoundation(seconds: Double) throws {
        let date = Date(timeIntervalSince1970: seconds)
        let text = date.formatted(Date.ISO8601FormatStyle())
        #expect(UTCTimestamp.date(from: text) == date, "\(text)")
        #expect(UTCTimestamp.date(from: text) == (try Date.ISO8601FormatStyle().parse(text)))
    }

    @Test("leaves anything else to the full parser", arguments: [
        "", "2026-02-30T00:00:00Z", "2026-13-01T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T00:00:00+01:00",
        "2026-01-01T00:00:00.5Z", "2026-01-01 00:00:00Z", "2O26-01-01T00:00:00Z", "2025-02-29T00:00:00Z",
    ])
    func refusesOtherForms(text: String) {
        #expect(UTCTimestamp.date(from: text) == nil)
    }

    @Test("stored credentials with a time-zone offset still load")
    func otherISO8601FormsLoad() throws {
        let json = """
            {"access_token":"a","refresh_token":"r","scope":"s","client_id":"c","expires_at":"2027-01-15T08:00:00+01:00"}
            """
        let credentials = try JSONDecoder.margin.decode(Credentials.self, from: Data(json.utf8))
        #expect(credentials.expiresAt == Date(timeIntervalSince1970: 1_799_996_400))
    }
}
