import Foundation
import SpotifyEmulator
import TestSupport
import Testing

@Suite("margin shows, find and play")
struct LibraryCommandTests {
    @Test("shows lists every saved show across pages with note counts")
    func shows() async throws {
        try await using(try await Sandbox.loggedIn(Scenario(library: .init(generatedShows: 60, episodesPerShow: 1)))) { sandbox in
            try await sandbox.seed(Catalog.notes)
            await sandbox.emulator.clearRequestLog()
            let shows = try await sandbox.array("shows", "--json")
            #expect(shows.count == 62)
            #expect(shows.first?["id"] as? String == Catalog.craft)
            #expect(shows.first?["notes"] as? Int == 4)
            #expect(shows.first?["publisher"] is NSNull, "development mode drops show.publisher")
            #expect(shows.dropFirst().allSatisfy { $0["notes"] as? Int == 0 })
            #expect(Set(shows.compactMap { $0["id"] as? String }).count == 62)
            let requests = await sandbox.apiRequests()
            #expect(requests.map(\.path) == ["/v1/me/shows", "/v1/me/shows"])
            #expect(requests.map(\.query) == ["limit=50&offset=0", "limit=50&offset=50"])

            try await sandbox.emulator.addFault(.status(429, path: "/v1/me/shows", retryAfter: 1))
            let human = try await sandbox.margin("shows")
            #expect(human.status == 0, "\(human.stderr)")
            #expect(human.stdout.split(separator: "\n").count == 62)
            #expect(human.stdout.contains("4 notes  Craft, Code & Curiosity  \(Catalog.craft)"))
            #expect(human.stdout.contains("東京テックトーク"))
        }
    }

    @Test("find searches both types, pages past Spotify's 10 and asks in the configured market")
    func find() async throws {
        try await using(try await Sandbox.loggedIn(Scenario(library: .init(generatedShows: 15, episodesPerShow: 2)))) { sandbox in
            try await sandbox.seed(Catalog.notes)
            #expect(try await sandbox.margin("config", "set", "market", "DE").status == 0)
            await sandbox.emulator.clearRequestLog()
            let found = try await sandbox.array("find", "naming", "--json")
            #expect(found.map { $0["type"] as? String } == ["show", "episode"], "shows first")
            #expect(found.first?["id"] as? String == Catalog.craft)
            #expect(found.first?["notes"] as? Int == 4)
            #expect(found.last?["id"] as? String == Catalog.naming)
            #expect(found.last?["notes"] as? Int == 2)
            let requests = await sandbox.apiRequests()
            #expect(requests.count == 1)
            #expect(requests.first?.query.contains("market=DE") == true)

            await sandbox.emulator.clearRequestLog()
            let generated = try await sandbox.array("find", "generated", "show", "--type", "show", "--limit", "12", "--json")
            #expect(generated.count == 12)
            #expect(generated.allSatisfy { $0["type"] as? String == "show" })
            #expect(await sandbox.apiRequests().map(\.query).allSatisfy { $0.contains("type=show") })
            #expect(await sandbox.apiRequests().count == 2)

            let human = try await sandbox.margin("find", "curiosity")
            #expect(human.stdout.hasPrefix("Shows\n"))
            #expect(human.stdout.contains("Craft, Code & Curiosity"))
            let nothing = try await sandbox.margin("find", "zzzz-nothing")
            #expect(nothing.status == 0)
            #expect(nothing.stderr.contains("found nothing"))
            let empty = try await sandbox.margin("find", " ")
            #expect(empty.status == 64)
        }
    }

    @Test("play starts at the resume point, at --at, or at a note's moment, on a device by name")
    func play() async throws {
        try await using(try await Sandbox.loggedIn(Scenario(
            devices: [.kitchenSpeaker, .init(id: "b2c3d4e5f6a7", name: "Study laptop")],
            playback: .nothing, library: Catalog.library))) { sandbox in
            try await sandbox.seed(Catalog.notes)

            let started = ContinuousClock.now
            let resume = try await sandbox.margin("play", Catalog.errors)
            #expect(resume.status == 0, "\(resume.stderr)")
            #expect(resume.stdout == "Playing Ep. 43 — Error messages are UI from 16:40.\n")
            var state = await sandbox.emulator.currentState().playback
            let elapsed = started.duration(to: .now).components.seconds * 1000 + 1000
            #expect(state.id == Catalog.errors)
            // Playing since the command: no further on than the time the command took.
            #expect((1_000_000...1_000_000 + Int(elapsed)).contains(state.progressMs))

            let name = try await sandbox.margin("play", "the joy of deleting")
            #expect(name.stdout == "Playing Ep. 44 — The joy of deleting code from 0:00.\n", "a finished episode starts again")

            let at = try await sandbox.margin("play", "spotify:episode:\(Catalog.deleting)", "--at", "1:00", "--device", "Study laptop")
            #expect(at.status == 0, "\(at.stderr)")
            let put = await sandbox.apiRequests().last { $0.method == "PUT" }
            #expect(put?.query == "device_id=b2c3d4e5f6a7")
            state = await sandbox.emulator.currentState().playback
            #expect(state.id == Catalog.deleting)

            let note = try await sandbox.margin("play", "00000002")
            #expect(note.stdout == "Playing Ep. 42 — Naming things from 1:55.\n")

            let ambiguous = try await sandbox.margin("play", "ep. 4")
            #expect(ambiguous.status == 64)
            let unknown = try await sandbox.margin("play", "something never annotated")
            #expect(unknown.status == 8)
            let show = try await sandbox.margin("play", "spotify:show:\(Catalog.craft)")
            #expect(show.status == 64)
            let number = try await sandbox.margin("play", "3")
            #expect(number.status == 64, "a number from a listing is refused, though 'Ep. 43' contains a 3")
            let device = try await sandbox.margin("play", Catalog.naming, "--device", "Garage")
            #expect(device.status == 6)

            await sandbox.emulator.setProduct(.free)
            let free = try await sandbox.margin("play", Catalog.naming, "--at", "2:00")
            #expect(free.status == 0)
            #expect(free.stdout == "https://open.spotify.com/episode/\(Catalog.naming)?t=120\n")
        }
    }

    @Test("logged out is exit 4, an unknown show or episode exit 8, unreachable exit 7")
    func exitCodes() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let show = try await sandbox.margin("episodes", "--show", "0000000000000000000000")
            #expect(show.status == 8, "\(show.stderr)")
            let episode = try await sandbox.margin("play", "0000000000000000000000")
            #expect(episode.status == 8, "\(episode.stderr)")
            let unreachable = try await sandbox.margin("find", "naming", env: ["MARGIN_API_URL": "http://127.0.0.1:9/v1"])
            #expect(unreachable.status == 7)
            #expect(unreachable.stderr.split(separator: "\n").count == 1)
            #expect(try await sandbox.margin("logout").status == 0)
            for command in [["shows"], ["find", "naming"], ["episodes", "--show", Catalog.craft], ["play", Catalog.naming]] {
                let result = try await sandbox.run(command)
                #expect(result.status == 4, "\(command): \(result.stderr)")
            }
        }
    }

    @Test("pause and seek take a device by name; an ambiguous name exits 64")
    func deviceNames() async throws {
        try await using(try await Sandbox.loggedIn(Scenario(devices: [
            .kitchenSpeaker, .init(id: "b2c3d4e5f6a7", name: "Kitchen radio"), .init(id: "c3d4e5f6a7b8", name: "Office"),
        ]))) { sandbox in
            let pause = try await sandbox.margin("pause", "--device", "kitchen speaker")
            #expect(pause.status == 0, "\(pause.stderr)")
            #expect(await sandbox.apiRequests().last?.query == "device_id=a1b2c3d4e5f6")
            let ambiguous = try await sandbox.margin("resume", "--device", "Kitchen")
            #expect(ambiguous.status == 64)
            #expect(ambiguous.stderr.contains("Kitchen speaker") && ambiguous.stderr.contains("Kitchen radio"))
            await sandbox.emulator.clearRequestLog()
            let office = try await sandbox.margin("seek", "1:00", "--device", "Office")
            #expect(office.status == 0, "\(office.stderr)")
            // The name is looked up before anything is sent.
            #expect(await sandbox.apiRequests().map(\.path) == ["/v1/me/player/devices", "/v1/me/player/currently-playing", "/v1/me/player/seek"])
        }
    }

    @Test("every --json of the library commands validates against its schema")
    func schemas() async throws {
        try await using(try await Sandbox.loggedIn(Scenario(playback: .nothing, library: Catalog.library))) { sandbox in
            try await sandbox.seed(Catalog.notes)
            for (name, schema, arguments) in [
                ("episodes.json", "episode", ["episodes", "--json"]),
                ("show-episodes.json", "episode", ["episodes", "--show", Catalog.tidewater, "--json"]),
                ("shows.json", "show", ["shows", "--json"]),
                ("find-episodes.json", "episode", ["find", "the", "--type", "episode", "--json"]),
                ("find-shows.json", "show", ["find", "the", "--type", "show", "--json"]),
            ] {
                let result = try await sandbox.run(arguments)
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
                #expect(result.stdout.hasPrefix("["))
                try await SchemaTests().validate(result.stdout, in: sandbox, name: name, schema: "schema/\(schema).schema.json")
            }
        }
    }
}
