import ArgumentParser
import Foundation
import MarginConfig
import MarginViews
import SpotifyClient

extension MarginCommand {
    /// `margin back [SECONDS]`: read the position, then seek back (default 15 s).
    struct Back: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "back", abstract: "Go back a few seconds (default 15; Spotify Premium).")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var store: StoreOptions
        @OptionGroup var playback: PlaybackOptions
        @Argument(help: "Seconds to go back.") var seconds: Int = 15

        func validate() throws { try Skipper.check(seconds) }

        func run() async throws {
            try await Skipper(verbose: global.verbose, store: store, playback: playback).skip(by: -seconds)
        }
    }

    /// `margin forward [SECONDS]`: read the position, then seek ahead (default 30 s).
    struct Forward: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "forward", abstract: "Skip ahead a few seconds (default 30; Spotify Premium).")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var store: StoreOptions
        @OptionGroup var playback: PlaybackOptions
        @Argument(help: "Seconds to skip ahead.") var seconds: Int = 30

        func validate() throws { try Skipper.check(seconds) }

        func run() async throws {
            try await Skipper(verbose: global.verbose, store: store, playback: playback).skip(by: seconds)
        }
    }
}

/// The shared read-then-seek of `back` and `forward`.
struct Skipper {
    var verbose: Bool
    var store: StoreOptions
    var playback: PlaybackOptions

    static func check(_ seconds: Int) throws {
        guard (1...86_400).contains(seconds) else {
            throw ValidationError("'\(seconds)' is not a number of seconds from 1 to 86400, e.g. 15")
        }
    }

    func skip(by seconds: Int) async throws {
        let settings = try Settings()
        let api = try settings.connection(verbose: verbose).api
        let deviceID = try await playback.deviceID(api)
        guard let snapshot = try await api.currentlyPlaying(), let now = snapshot.position(at: Date()) else {
            throw PlaybackFailure.nothingPlaying
        }
        var target = max(0, now + seconds * 1000)
        if let duration = snapshot.durationMs { target = min(target, max(duration - 1000, 0)) }
        try await api.seek(positionMs: target, deviceID: deviceID)
        store.positionMoved(settings, episode: snapshot.kind == .episode ? snapshot.itemID : nil)
        try Console.out("At \(TimeValue.format(milliseconds: target)).")
    }
}
