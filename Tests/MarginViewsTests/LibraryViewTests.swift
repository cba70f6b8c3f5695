import Foundation
import MarginViews
import NoteStore
import PodcastLibrary
import Testing

@Suite("episodes and shows as rows and JSON")
struct LibraryViewTests {
    @Test("where the user stopped, in words", arguments: [
        (EpisodeInfo(id: "x", durationMs: 3_723_000, resumePositionMs: 754_000), "12:34 / 1:02:03"),
        (EpisodeInfo(id: "x", resumePositionMs: 0), "not started"),
        (EpisodeInfo(id: "x", resumePositionMs: 5, fullyPlayed: true), "played"),
        (EpisodeInfo(id: "x"), "?"),
        (EpisodeInfo(id: "x", available: false), "not in market"),
    ])
    func progress(episode: EpisodeInfo, shown: String) {
        #expect(LibraryView.progress(episode) == shown)
    }

    @Test("a row ends with the id, and control characters never reach the terminal")
    func rows() {
        let episode = LibraryEpisode(EpisodeInfo(id: "512ojhOuo1ktJprKbVcKyQ", name: "Ep.\u{7}42", showName: "Show"), notes: 3)
        let row = LibraryView.episodeRows([episode])[0]
        #expect(row.hasSuffix("Ep.\u{FFFD}42 · Show  512ojhOuo1ktJprKbVcKyQ"))
        #expect(row.hasPrefix("  3 notes"))
        #expect(LibraryView.notes(0) == "-" && LibraryView.notes(1) == "1 note")
    }

    @Test("JSON keeps every key, in order, null when unknown")
    func json() {
        let show = LibraryShow(id: "5CfCWKI5pZ28U0uOzXkDHe", name: "Craft \"&\" Code", notes: 2)
        #expect(LibraryJSON.object(LibraryJSON.show(show)) == #"{"type":"show","id":"5CfCWKI5pZ28U0uOzXkDHe","uri":"spotify:show:5CfCWKI5pZ28U0uOzXkDHe","name":"Craft \"&\" Code","publisher":null,"total_episodes":null,"notes":2,"link":"https://open.spotify.com/show/5CfCWKI5pZ28U0uOzXkDHe"}"#)
        #expect(LibraryJSON.array([]) == "[]")
    }
}
