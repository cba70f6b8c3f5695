import Testing
@testable import Watch

@Suite("When watch polls")
struct PollScheduleTests {
    let start = ContinuousClock.now

    /// Polls for `seconds` with playback `playing`, returning when each poll was made.
    func polls(_ schedule: inout PollSchedule, playing: Bool, seconds: Int, changeAt: [Int] = []) -> [Duration] {
        var at = start, made: [Duration] = []
        var changes = changeAt.map { start + .seconds($0) }
        while at < start + .seconds(seconds) {
            schedule.polled(at: at)
            made.append(at - start)
            if let change = changes.first, change <= at {
                schedule.lastChange = change
                changes.removeFirst()
            }
            at = schedule.next(after: at, playing: playing)
        }
        return made
    }

    /// The longest time between two polls, or from the last one to the end.
    func longestGap(_ made: [Duration], seconds: Int) -> Duration {
        zip(made, made.dropFirst() + [.seconds(seconds)]).map { $1 - $0 }.max() ?? .zero
    }

    @Test("steady: every 3 s playing (20 a minute), every 5 s paused or idle (12 a minute)")
    func steady() {
        var playing = PollSchedule()
        #expect(polls(&playing, playing: true, seconds: 60).count == 20)
        var paused = PollSchedule()
        #expect(polls(&paused, playing: false, seconds: 60).count == 12)
    }

    @Test("changes every few seconds bring quick polls within the budget, and never delay a steady poll")
    func quickWithinBudget() {
        for playing in [true, false] {
            var schedule = PollSchedule()
            let made = polls(&schedule, playing: playing, seconds: 120, changeAt: Array(stride(from: 0, to: 120, by: 4)))
            let perMinute = made.map { at in made.filter { $0 >= at && $0 < at + .seconds(60) }.count }
            #expect(perMinute.allSatisfy { $0 <= 30 }, "\(perMinute)")
            #expect(longestGap(made, seconds: 120) <= (playing ? .seconds(3) : .seconds(5)))
        }
    }

    @Test("after a long pause, the next poll is one idle interval away: a resume elsewhere shows within 5 s")
    func pausedLong() {
        var schedule = PollSchedule()
        _ = polls(&schedule, playing: true, seconds: 40, changeAt: [0, 10, 20])
        let pausedAt = start + .seconds(40)
        schedule.lastChange = pausedAt
        var at = pausedAt
        for _ in 0..<30 {
            schedule.polled(at: at)
            let next = schedule.next(after: at, playing: false)
            #expect(next - at <= .seconds(5))
            at = next
        }
    }

    @Test("a change makes the next paused poll come within the quick interval")
    func quick() {
        var schedule = PollSchedule()
        schedule.polled(at: start)
        schedule.lastChange = start
        #expect(schedule.next(after: start, playing: false) == start + .seconds(2))
    }

    @Test("Retry-After pushes the next poll out")
    func rateLimit() {
        var schedule = PollSchedule()
        schedule.polled(at: start)
        schedule.notBefore = start + .seconds(12)
        #expect(schedule.next(after: start, playing: true) == start + .seconds(12))
    }

    @Test("failures back off from the idle interval, doubling, to a minute at most")
    func backoff() {
        let schedule = PollSchedule()
        #expect((1...7).map { schedule.backoff(failures: $0) } == [5, 10, 20, 40, 60, 60, 60].map { Duration.seconds($0) })
    }
}
