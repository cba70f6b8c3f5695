import Foundation
import Testing
@testable import MarginViews

@Suite("REF and DATE parsing")
struct RefDateTests {
    @Test("reads every episode reference form", arguments: [
        "512ojhOuo1ktJprKbVcKyQ",
        "spotify:episode:512ojhOuo1ktJprKbVcKyQ",
        "https://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ?si=abc123",
        "https://open.spotify.com/intl-de/episode/512ojhOuo1ktJprKbVcKyQ",
        "http://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ",
        "spotify://episode/512ojhOuo1ktJprKbVcKyQ",
        " 512ojhOuo1ktJprKbVcKyQ ",
    ])
    func episodeForms(text: String) {
        #expect(SpotifyRef(parsing: text, as: .episode)?.id == "512ojhOuo1ktJprKbVcKyQ")
    }

    @Test("rejects other kinds and malformed references", arguments: [
        "", "512ojhOuo1ktJprKbVcKy", "512ojhOuo1ktJprKbVcKyQQ", "512ojhOuo1ktJprKbVc-yQ",
        "spotify:show:5CfCWKI5pZ28U0uOzXkDHe", "https://open.spotify.com/show/5CfCWKI5pZ28U0uOzXkDHe",
        "https://evil.example/episode/512ojhOuo1ktJprKbVcKyQ", "spotify:episode:", "spotify:episode:512ojhOuo1ktJprKbVcKyQ:x",
        "https://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ/extra", "ftp://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ",
    ])
    func rejects(text: String) {
        #expect(SpotifyRef(parsing: text, as: .episode) == nil)
    }

    @Test("reads show references")
    func shows() {
        #expect(SpotifyRef(parsing: "https://open.spotify.com/show/5CfCWKI5pZ28U0uOzXkDHe?si=x", as: .show)?.uri == "spotify:show:5CfCWKI5pZ28U0uOzXkDHe")
    }

    @Test("reads dates, RFC 3339 times and relative spans")
    func dates() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let utc = try #require(TimeZone(identifier: "UTC"))
        #expect(DateValue.parse("7d", now: now) == now.addingTimeInterval(-7 * 86_400))
        #expect(DateValue.parse("12h", now: now) == now.addingTimeInterval(-12 * 3_600))
        #expect(DateValue.parse("2026-11-21", timeZone: utc) == Date(timeIntervalSince1970: 1_795_219_200))
        #expect(DateValue.parse("2026-11-21T09:15:02Z") == Date(timeIntervalSince1970: 1_795_252_502))
        #expect(DateValue.parse("2026-11-21T09:15:02.500+01:00") == Date(timeIntervalSince1970: 1_795_248_902.5))
    }

    @Test("rejects anything else", arguments: ["", "7", "d", "-7d", "7y", "2026-13-01", "2026-02-30", "21.11.2026", "2026-11-21 25:15", "1e3d", "last", "next week", "mo"])
    func badDates(text: String) {
        #expect(DateValue.parse(text) == nil)
    }
}
