import Testing
@testable import Watch

@Suite("When watch polls")
struct PollScheduleTests {
    let start = ContinuousClock.now

    /// Polls for `seconds` with playback `playing`, returning how many were made.
    func polls(_ schedule: inout PollSchedule, playing: Bool, seconds: Int, changeAt: [Int] = []) -> Int {
        var at = start, count = 0
        var changes = changeAt.map { start + .seconds($0) }
        while at < start + .seconds(seconds) {
            schedule.polled(at: at, playing: playing)
            count += 1
            if let change = changes.first, change <= at {
                schedule.lastChange = change
                changes.removeFirst()
            }
            at = schedule.next(after: at, playing: playing)
        }
        return count
    }

    @Test("steady: every 3 s playing (20 a minute), every 20 s paused")
    func steady() {
        var playing = PollSchedule()
        #expect(polls(&playing, playing: true, seconds: 60) == 20)
        var paused = PollSchedule()
        #expect(polls(&paused, playing: false, seconds: 60) == 3)
    }

    @Test("after a change, sooner, but never past the budget of any minute")
    func quickWithinBudget() {
        var paused = PollSchedule()
        #expect(polls(&paused, playing: false, seconds: 60, changeAt: [0, 20, 40]) <= 4)
        var playing = PollSchedule()
        #expect(polls(&playing, playing: true, seconds: 60, changeAt: [0, 10, 20, 30, 40, 50]) <= 20)
    }

    @Test("a change makes the next paused poll come within the quick interval")
    func quick() {
        var schedule = PollSchedule()
        schedule.polled(at: start, playing: false)
        schedule.lastChange = start
        #expect(schedule.next(after: start, playing: false) == start + .seconds(2))
    }

    @Test("Retry-After pushes the next poll out")
    func rateLimit() {
        var schedule = PollSchedule()
        schedule.polled(at: start, playing: true)
        schedule.notBefore = start + .seconds(12)
        #expect(schedule.next(after: start, playing: true) == start + .seconds(12))
    }
}
