import Foundation
import SpotifyEmulator
import TestSupport
import Testing

/// `--device` means the device the user named: resolved against `GET /me/player/devices`
/// before any player command is sent, and carried by every command the emulator logs.
@Suite("--device")
struct DeviceChoiceTests {
    static let kitchen = Scenario.Device.kitchenSpeaker
    static let study = Scenario.Device(id: "b2c3d4e5f6a7", name: "Study laptop")
    static let radio = Scenario.Device(id: "c3d4e5f6a7b8", name: "Kitchen radio")

    static func sandbox(_ devices: [Scenario.Device] = [kitchen, study]) async throws -> Sandbox {
        try await Sandbox.loggedIn(Scenario(devices: devices, library: Catalog.library))
    }

    /// The player commands (PUTs) the emulator received, as `path?query`.
    static func commands(_ sandbox: Sandbox) async -> [String] {
        await sandbox.apiRequests().filter { $0.method == "PUT" }.map { "\($0.path)?\($0.query)" }
    }

    @Test("--help of every command with --device says it takes an id, a name or a unique prefix of one",
          arguments: ["note", "pause", "resume", "seek", "back", "forward", "play", "jump"])
    func help(command: String) async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let help = try await sandbox.margin(command, "--help", env: ["COLUMNS": "400"])
            #expect(help.status == 0)
            #expect(help.stdout.contains("its id, its name, or a unique prefix of its name"), "\(help.stdout)")
        }
    }

    @Test("a one-word name is looked up before anything is sent: pause, play and seek carry the device's id")
    func oneWordName() async throws {
        try await using(try await Self.sandbox()) { sandbox in
            let pause = try await sandbox.margin("pause", "--device", "study")
            #expect(pause.status == 0, "\(pause.stderr)")
            #expect(await sandbox.apiRequests().map(\.path) == ["/v1/me/player/devices", "/v1/me/player/pause"])
            let resume = try await sandbox.margin("resume", "--device", "STUDY")
            #expect(resume.status == 0, "\(resume.stderr)")
            let seek = try await sandbox.margin("seek", "1:00", "--device", "study")
            #expect(seek.status == 0, "\(seek.stderr)")
            let play = try await sandbox.margin("play", Catalog.errors, "--at", "2:00", "--device", "study")
            #expect(play.status == 0, "\(play.stderr)")
            let back = try await sandbox.margin("back", "--device", "study")
            #expect(back.status == 0, "\(back.stderr)")
            let commands = await Self.commands(sandbox)
            let paths: [String] = commands.map { $0.split(separator: "?").first.map(String.init) ?? "" }
            let expected: [String] = ["/v1/me/player/pause", "/v1/me/player/play", "/v1/me/player/seek", "/v1/me/player/play", "/v1/me/player/seek"]
            #expect(paths == expected)
            #expect(commands.allSatisfy { $0.contains("device_id=\(Self.study.id)") }, "\(commands)")
            #expect(!(await sandbox.apiRequests().contains { $0.query.contains("device_id=study") }))
        }
    }

    @Test("an id, an exact name and a unique prefix each pick the device; the query follows the spec")
    func resolution() async throws {
        try await using(try await Self.sandbox([Self.kitchen, Self.study, .init(id: "d4e5f6a7b8c9", name: "Study")])) { sandbox in
            for (value, id) in [(Self.kitchen.id, Self.kitchen.id), ("study", "d4e5f6a7b8c9"), ("Study l", Self.study.id), ("kit", Self.kitchen.id)] {
                await sandbox.emulator.clearRequestLog()
                let pause = try await sandbox.margin("pause", "--device", value)
                #expect(pause.status == 0, "\(value): \(pause.stderr)")
                #expect(await Self.commands(sandbox) == ["/v1/me/player/pause?device_id=\(id)"], "\(value)")
            }
            await sandbox.emulator.clearRequestLog()
            #expect(try await sandbox.margin("seek", "2:00", "--device", "kit").status == 0)
            #expect(await Self.commands(sandbox) == ["/v1/me/player/seek?position_ms=120000&device_id=\(Self.kitchen.id)"])
        }
    }

    @Test("an unknown device exits 6 with one line naming the devices and 'margin devices'; nothing is sent")
    func unknown() async throws {
        try await using(try await Self.sandbox()) { sandbox in
            for arguments in [["pause"], ["resume"], ["seek", "1:00"], ["forward"], ["play", Catalog.errors, "--at", "1:00"]] {
                await sandbox.emulator.clearRequestLog()
                let result = try await sandbox.run(arguments + ["--device", "garage"])
                #expect(result.status == 6, "\(arguments): \(result.stderr)")
                let lines = result.stderr.split(separator: "\n")
                #expect(lines.count == 1, "\(result.stderr)")
                #expect(result.stderr.hasPrefix("margin: ") && result.stderr.contains("'garage'"))
                #expect(result.stderr.contains("Kitchen speaker") && result.stderr.contains("a1b2c3d4"))
                #expect(result.stderr.contains("Study laptop") && result.stderr.contains("b2c3d4e5"))
                #expect(result.stderr.contains("margin devices"))
                #expect(await Self.commands(sandbox).isEmpty, "\(arguments)")
            }
            try await sandbox.emulator.setDevices([])
            let none = try await sandbox.margin("pause", "--device", "garage")
            #expect(none.status == 6)
            #expect(none.stderr.contains("margin devices"))
        }
    }

    @Test("a prefix of several names exits 64 listing them; nothing is sent")
    func ambiguous() async throws {
        try await using(try await Self.sandbox([Self.kitchen, Self.radio, Self.study])) { sandbox in
            let result = try await sandbox.margin("pause", "--device", "kitchen")
            #expect(result.status == 64)
            #expect(result.stderr.contains("'Kitchen speaker' (\(Self.kitchen.id))") && result.stderr.contains("'Kitchen radio' (\(Self.radio.id))"))
            #expect(!result.stderr.contains("Study"))
            #expect(await Self.commands(sandbox).isEmpty)
        }
    }

    @Test("note --device --pause pauses that device; a voice note pauses and resumes it")
    func note() async throws {
        try await using(try await Self.sandbox()) { sandbox in
            let paused = try await sandbox.margin("note", "the bit about names", "--device", "study", "--pause")
            #expect(paused.status == 0, "\(paused.stderr)")
            #expect(await Self.commands(sandbox) == ["/v1/me/player/pause?device_id=\(Self.study.id)"])

            try await sandbox.emulator.setPlayback(.init(progressMs: 60_000, isPlaying: true))
            let script = sandbox.root + "/stt"
            #expect(FileManager.default.createFile(atPath: script, contents: Data("#!/bin/sh\necho 'a spoken note'\n".utf8),
                                           attributes: [.posixPermissions: 0o755]))
            #expect(try await sandbox.margin("config", "set", "transcribe.command", script).status == 0)
            await sandbox.emulator.clearRequestLog()
            let voice = try await sandbox.margin("note", "--voice", "--audio", VoiceNoteTests.clip, "--device", "Study laptop")
            #expect(voice.status == 0, "\(voice.stderr)")
            #expect(await Self.commands(sandbox) == ["/v1/me/player/pause?device_id=\(Self.study.id)", "/v1/me/player/play?device_id=\(Self.study.id)"])

            await sandbox.emulator.clearRequestLog()
            let unknown = try await sandbox.margin("note", "kept anyway", "--device", "garage", "--pause", "--json")
            #expect(unknown.status == 0, "capture never loses text: \(unknown.stderr)")
            #expect(unknown.stderr.contains("not paused") && unknown.stderr.contains("Study laptop"))
            #expect(await Self.commands(sandbox).isEmpty)
        }
    }
}
