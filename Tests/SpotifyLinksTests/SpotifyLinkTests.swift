import SpotifyLinks
import Testing

@Suite("open.spotify.com links")
struct SpotifyLinkTests {
    @Test("an episode at a moment carries whole seconds")
    func episodeAtMoment() {
        #expect(SpotifyLink.episode("512ojhOuo1ktJprKbVcKyQ", atMs: 754_999) == "https://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ?t=754")
        #expect(SpotifyLink.episode("512ojhOuo1ktJprKbVcKyQ") == "https://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ")
    }

    @Test("a negative position starts at 0:00")
    func negative() {
        #expect(SpotifyLink.track("4uLU6hMCjMI75M1A2tKUQC", atMs: -20) == "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?t=0")
    }

    @Test("shows and items named by the store's type")
    func showsAndItems() {
        #expect(SpotifyLink.show("5CfCWKI5pZ28U0uOzXkDHe") == "https://open.spotify.com/show/5CfCWKI5pZ28U0uOzXkDHe")
        #expect(SpotifyLink.item("track", "abc", atMs: 42_000) == "https://open.spotify.com/track/abc?t=42")
        #expect(SpotifyLink.prefix("episode") == "https://open.spotify.com/episode/")
    }

    @Test("an id that is not base62 cannot break the link")
    func oddID() {
        #expect(SpotifyLink.episode("a b/c?d") == "https://open.spotify.com/episode/a%20b%2Fc%3Fd")
    }
}
