import Foundation
import Testing
@testable import SpotifyClient

/// Answers polls from a script; the poller's sleeps are recorded, never slept.
actor PollScript {
    enum Answer { case playing, paused, nothing, error(SpotifyError) }
    private var answers: [Answer]
    init(_ answers: [Answer]) { self.answers = answers }

    func next() throws -> PlaybackSnapshot? {
        guard !answers.isEmpty else { return nil }
        switch answers.removeFirst() {
        case .playing: return PlaybackSnapshot(kind: .episode, itemID: "e", progressMs: 1000, isPlaying: true, receivedAt: Date())
        case .paused: return PlaybackSnapshot(kind: .episode, itemID: "e", progressMs: 1000, isPlaying: false, receivedAt: Date())
        case .nothing: return nil
        case .error(let error): throw error
        }
    }
}

@Suite("Playback poller")
struct PlaybackPollerTests {
    func run(_ answers: [PollScript.Answer], interval: Duration = .seconds(3)) async throws -> ([PollEvent], [Duration]) {
        let script = PollScript(answers)
        let sleeps = SleepLog()
        let poller = PlaybackPoller(policy: PollPolicy(playingEvery: interval), fetch: { try await script.next() }, sleep: { await sleeps.add($0) })
        var events: [PollEvent] = []
        for try await event in poller {
            events.append(event)
            if events.count == answers.count { break }
        }
        return (events, await sleeps.sleeps)
    }

    @Test("polls every 3 s while playing and every 5 s while paused or idle")
    func cadence() async throws {
        let (events, sleeps) = try await run([.playing, .playing, .paused, .nothing, .playing])
        #expect(events.count == 5)
        #expect(sleeps == [.seconds(3), .seconds(3), .seconds(5), .seconds(5)])
    }

    @Test("honours a custom interval but never polls faster than it while paused")
    func customInterval() async throws {
        let (_, sleeps) = try await run([.playing, .paused, .playing], interval: .seconds(20))
        #expect(sleeps == [.seconds(20), .seconds(20)])
    }

    @Test("slows down on a rate limit, waiting at least Retry-After, and says so")
    func rateLimited() async throws {
        let limited = SpotifyError.rateLimited(retryAfter: 40, quotaExceeded: false)
        let short = SpotifyError.rateLimited(retryAfter: 2, quotaExceeded: false)
        let (events, sleeps) = try await run([.playing, .error(limited), .error(short), .playing])
        #expect(events[1] == .rateLimited(retryAfter: 40, nextPoll: .seconds(40)))
        #expect(events[2] == .rateLimited(retryAfter: 2, nextPoll: .seconds(10)))
        #expect(sleeps == [.seconds(3), .seconds(40), .seconds(10)])
    }

    @Test("backs off on transient failures up to a minute, as the interactive watch does, and recovers")
    func failures() async throws {
        let down = SpotifyError.unreachable(endpoint: "GET /me/player/currently-playing", reset: false)
        let answers: [PollScript.Answer] = [.error(down), .error(down), .error(down), .error(down), .error(down), .error(down), .playing, .playing]
        let (events, sleeps) = try await run(answers)
        guard case .snapshot(let recovered) = events.last else { Issue.record("no recovery: \(events)"); return }
        #expect(recovered?.isPlaying == true)
        #expect(sleeps == [.seconds(5), .seconds(10), .seconds(20), .seconds(40), .seconds(60), .seconds(60), .seconds(3)])
        #expect(Array(sleeps.dropLast()) == (1...6).map { PollPolicy().backoff(failures: $0) })
    }

    @Test("a long custom interval is never cut short by the backoff's ceiling")
    func longInterval() {
        let policy = PollPolicy(playingEvery: .seconds(120))
        #expect(policy.interval(playing: false) == .seconds(120))
        #expect((1...3).map { policy.backoff(failures: $0) } == [.seconds(120), .seconds(120), .seconds(120)])
    }

    @Test("stops on an error waiting cannot fix")
    func fatal() async throws {
        let script = PollScript([.playing, .error(.notLoggedIn)])
        let poller = PlaybackPoller(fetch: { try await script.next() }, sleep: { _ in })
        var iterator = poller.makeAsyncIterator()
        _ = try await iterator.next()
        await #expect(throws: SpotifyError.notLoggedIn) { _ = try await iterator.next() }
    }
}
