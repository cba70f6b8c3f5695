import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SpotifyEmulator
import TestSupport
import Testing

@Suite("Starting and stopping")
struct LifecycleTests {
    @Test("start and stop repeatedly; the port is closed once stop returns")
    func restart() async throws {
        let emulator = SpotifyEmulator()
        for _ in 0..<3 {
            let base = try await emulator.start()
            #expect(base.host == "127.0.0.1")
            #expect(await emulator.baseURL == base)
            let client = HTTPClient(base: base, timeout: 20)
            #expect(try await client.get("/emulator/health").status == 200)
            await emulator.stop()
            #expect(await emulator.baseURL == nil)
            await #expect(throws: URLError.self) { _ = try await client.get("/emulator/health") }
        }
    }

    @Test("two emulators run side by side on different ports")
    func sideBySide() async throws {
        let first = SpotifyEmulator()
        let second = SpotifyEmulator()
        let a = try await first.start()
        let b = try await second.start()
        #expect(a.port != b.port)
        await first.stop()
        await second.stop()
    }

    @Test("starting twice is refused; an invalid scenario is refused at start")
    func refusals() async throws {
        let emulator = SpotifyEmulator()
        try await emulator.start()
        await #expect(throws: SpotifyEmulator.StartError.self) { try await emulator.start() }
        await emulator.stop()
        let broken = SpotifyEmulator(scenario: Scenario(playback: .init(kind: .track, id: "0000000000000000000000")))
        await #expect(throws: SpotifyEmulator.StartError.self) { try await broken.start() }
    }

    @Test("a port another server holds is refused at start, naming the port as taken")
    func portTaken() async throws {
        let holder = SpotifyEmulator()
        let port = try #require(try await holder.start().port)
        let second = SpotifyEmulator()
        let error = await #expect(throws: SpotifyEmulator.StartError.self) { try await second.start(port: port) }
        await holder.stop()
        guard case .cannotListen(let refused, let code)? = error else {
            Issue.record("the start failed otherwise: \(String(describing: error))")
            return
        }
        #expect(refused == port)
        #expect(code == EADDRINUSE)
        #expect(error?.description == "port \(port) on 127.0.0.1 is taken: something listens there already")
    }

    @Test("stop ends a request held open by a hang fault")
    func stopWhileHanging() async throws {
        let emulator = SpotifyEmulator()
        let base = try await emulator.start()
        try await emulator.addFault(.hang())
        let client = HTTPClient(base: base, timeout: 120)
        let pending = Task { try? await client.get("/v1/me") }
        // The request is held by the hang before the stop: a hang is logged as it starts.
        try await waitUntil("the request held by the hang") { await emulator.requestLog().contains { $0.path == "/v1/me" } }
        let start = ContinuousClock.now
        await emulator.stop()
        #expect(start.duration(to: .now) < .seconds(60), "well before the client's own 120 s timeout")
        _ = await pending.value
    }
}
