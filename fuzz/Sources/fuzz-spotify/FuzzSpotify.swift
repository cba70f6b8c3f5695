// libFuzzer entry point; build with -sanitize=fuzzer,address -parse-as-library (see scripts/fuzz.sh).
// Any thrown error or nil result is fine: only crashes, traps, hangs and sanitizer reports count.
import Foundation
import FuzzDriver
@testable import SpotifyClient

private let receivedAt = Date(timeIntervalSince1970: 1_795_000_000)

/// Decodes the input as every Spotify Web API reply margin reads, through the same
/// SpotifyAPI.decode and raw-to-model mapping the client uses.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(UnsafeBufferPointer(start: data, count: size))
    // currently-playing and player state
    if let raw = try? SpotifyAPI.decode(RawPlayback.self, from: body, endpoint: "fuzz") {
        let snapshot = PlaybackSnapshot(raw, receivedAt: receivedAt)
        _ = snapshot == snapshot
    }
    // devices
    if let list = try? SpotifyAPI.decode(RawDeviceList.self, from: body, endpoint: "fuzz") {
        _ = list.devices.map(Device.init)
    }
    // episode, show
    if let raw = try? SpotifyAPI.decode(RawEpisode.self, from: body, endpoint: "fuzz") {
        _ = Episode(raw)
        _ = Episode(raw, showID: "4rOoJ6Egrf8K2IrywzwOMk")
    }
    if let raw = try? SpotifyAPI.decode(RawShow.self, from: body, endpoint: "fuzz") { _ = Show(raw) }
    // pages: show episodes, saved shows, saved episodes
    for (offset, limit) in [(0, 20), (Int.max, 50), (-1, 0)] {
        if let raw = try? SpotifyAPI.decode(RawPage<RawEpisode>.self, from: body, endpoint: "fuzz") {
            _ = Page(raw, offset: max(offset, 0), limit: min(max(limit, 1), 50)) { Episode($0, showID: "x") }
        }
        if let raw = try? SpotifyAPI.decode(RawPage<RawSavedShow>.self, from: body, endpoint: "fuzz") {
            _ = Page(raw, offset: max(offset, 0), limit: min(max(limit, 1), 50)) { $0.show.flatMap(Show.init) }
        }
        if let raw = try? SpotifyAPI.decode(RawPage<RawSavedEpisode>.self, from: body, endpoint: "fuzz") {
            _ = Page(raw, offset: max(offset, 0), limit: min(max(limit, 1), 50)) { saved in saved.episode.flatMap { Episode($0) } }
        }
        // search
        if let raw = try? SpotifyAPI.decode(RawSearch.self, from: body, endpoint: "fuzz") {
            let start = max(offset, 0), clamped = min(max(limit, 1), SpotifyAPI.maxSearchLimit)
            _ = SearchResults(
                episodes: raw.episodes.map { Page($0, offset: start, limit: clamped) { Episode($0) }.items } ?? [],
                shows: raw.shows.map { Page($0, offset: start, limit: clamped, map: Show.init).items } ?? [])
        }
    }
    // me, and the error bodies every non-2xx reply is read for
    _ = try? SpotifyAPI.decode(SpotifyUser.self, from: body, endpoint: "fuzz")
    _ = SpotifyErrorBody.decode(body)
    return 0
}

/// SwiftPM links executables with `--defsym main=fuzz_spotify_main`: start libFuzzer from there.
@_cdecl("fuzz_spotify_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    margin_fuzz_run(argc, argv) { data, size in fuzz(data!, size) }
}
