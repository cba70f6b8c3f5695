import Foundation
import SpotifyEmulator
import TestSupport
import Testing

/// Each message sends the user the right way: the cause named, the remedy given.
@Suite("Messages that point the right way")
struct GuidanceTests {
    @Test("a subcommand typo gets the nearest command, exit 64", arguments: [
        ("nte", "margin note"), ("lsit", "margin list"), ("exprot", "margin export"), ("serch", "margin search"),
    ])
    func typoSuggestion(typo: String, suggestion: String) async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let result = try await sandbox.margin(typo, "x")
            #expect(result.status == 64)
            #expect(result.stderr == "margin: '\(typo)' is not a margin command; did you mean '\(suggestion)'?\n")
        }
    }

    @Test("--help prints the help and exits 0, for margin and for a subcommand")
    func help() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            for arguments in [["--help"], ["note", "--help"], ["help", "export"]] {
                let result = try await sandbox.run(arguments)
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
                #expect(result.stdout.contains("USAGE: margin"), "\(arguments)")
                #expect(!result.output.contains("CommandError"))
            }
        }
    }

    @Test("a nested typo and a word far from every command get their own lines")
    func otherTypos() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let nested = try await sandbox.margin("config", "st", "market", "SE")
            #expect(nested.status == 64)
            #expect(nested.stderr.contains("did you mean 'margin config set'?"), "\(nested.stderr)")
            let far = try await sandbox.margin("zzzzzzzz")
            #expect(far.status == 64)
            #expect(far.stderr == "margin: 'zzzzzzzz' is not a margin command; 'margin --help' lists them\n")
        }
    }

    @Test("an unknown --device is named as a device with 'margin devices' as the remedy, exit 6")
    func unknownDevice() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            for command in [["pause"], ["resume"], ["seek", "1:00"], ["back"]] {
                let result = try await sandbox.run(command + ["--device", "no-such-device"])
                #expect(result.status == 6, "\(command)")
                #expect(result.stderr == "margin: no Spotify device 'no-such-device'; available: 'Kitchen speaker' (a1b2c3d4); 'margin devices' lists them\n")
            }
        }
    }

    @Test("pause on a free account says Premium is needed, without pointing at jump --link")
    func pauseFree() async throws {
        try await using(try await Sandbox.loggedIn(Scenario(user: .init(product: .free)))) { sandbox in
            let result = try await sandbox.margin("pause")
            #expect(result.status == 5)
            #expect(result.stderr.contains("Premium"))
            #expect(!result.stderr.contains("jump"))
        }
    }

    @Test("an empty list says whether the store is empty or the filter matched nothing")
    func emptyList() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let none = try await sandbox.margin("list")
            #expect(none.stderr.contains("No notes yet"))
            #expect(try await sandbox.margin("note", "a thought", "--tag", "kept").status == 0)
            let filtered = try await sandbox.margin("list", "--tag", "missing")
            #expect(filtered.status == 0)
            #expect(filtered.stderr == "No notes for tag 'missing' (1 in all; 'margin list' shows them).\n")
        }
    }

    @Test("seek past the end of the episode is refused before anything is sent")
    func seekPastEnd() async throws {
        try await using(try await Sandbox.loggedIn(Scenario(playback: .init(progressMs: 600_000, isPlaying: false)))) { sandbox in
            let result = try await sandbox.margin("seek", "99:00")
            #expect(result.status == 1 || result.status == 64)
            #expect(result.stderr.contains("past the end") && result.stderr.contains("1:02:03"), "\(result.stderr)")
            #expect(await sandbox.progress() == 600_000)
            #expect(await sandbox.apiRequests().map(\.path) == ["/v1/me/player/currently-playing"])
        }
    }

    @Test("note --at past the end of the playing episode is refused with the text echoed, nothing stored")
    func noteAtPastEnd() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let result = try await sandbox.margin("note", "too late", "--at", "2h")
            #expect(result.status == 64)
            #expect(result.stderr.contains("--at 2:00:00 is past the end of 'Ep. 42 — Naming things' (1:02:03)"), "\(result.stderr)")
            #expect(result.stderr.hasSuffix("too late\n"))
            #expect(try await sandbox.notes("list", "--json").isEmpty)
        }
    }

    @Test("note --episode with an id Spotify does not have is refused, exit 8, text echoed")
    func noteUnknownEpisode() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let result = try await sandbox.margin("note", "lost?", "--episode", "AAAAAAAAAAAAAAAAAAAAAA", "--at", "10:00")
            #expect(result.status == 8)
            #expect(result.stderr.contains("Spotify has no episode 'AAAAAAAAAAAAAAAAAAAAAA'"), "\(result.stderr)")
            #expect(result.stderr.hasSuffix("lost?\n"))
            #expect(try await sandbox.notes("list", "--json").isEmpty)
        }
    }

    @Test("a negative --at is explained, not 'Missing value'")
    func negativeAt() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let result = try await sandbox.margin("note", "x", "--at", "-10s")
            #expect(result.status == 64)
            #expect(!result.stderr.contains("Missing value"))
            #expect(result.stderr.contains("cannot be negative"), "\(result.stderr)")
        }
    }
}
