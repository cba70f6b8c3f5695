import Foundation
import NoteStore
import Testing
@testable import NoteSync

/// A push meets a hub row its change was not made on top of: the row stands (the change is
/// turned down) unless a pull would refuse its stamps by the hub's clock, and then the change
/// replaces it.
@Suite("a change replacing a hub row with refused stamps")
struct HubRowReplaceTests {
    static let now = Date(timeIntervalSince1970: 1_795_458_518.905)
    static let id = "0b9e6c1e-3f7a-4c55-9a36-1b2c3d4e5f60"

    /// A stamp `seconds` after ``now``, of node `node`.
    static func stamp(_ seconds: Double, node: String = "evil") -> String {
        HybridTimestamp(wallMs: Int64(((now.timeIntervalSince1970 + seconds) * 1000).rounded()), counter: 0, node: node).description
    }

    static func record(_ hlc: String, parts: [String]? = nil) -> NoteDatabase.HubRecord {
        NoteDatabase.HubRecord(id: id, hlc: hlc, parts: parts ?? [hlc, hlc, hlc], body: nil)
    }

    /// This machine's edit, made just now.
    static let edit = record(stamp(0, node: "laptop"))

    @Test("a row stamped in the year 9999, zzzz, in 2286, or with one part's stamp refused gives way, named as a pull names it",
          arguments: [
              (record("253402300799999-00000000-evil"), "its stamp '253402300799999-00000000-evil' is not a stamp"),
              (record("zzzz"), "its stamp 'zzzz' is not a stamp"),
              (record("9999999999999-00000000-evil"), "its stamp is from 2286-11-20T17:46:39.999Z, further ahead than sync.max-drift allows"),
              (record(stamp(-60), parts: [stamp(-60), "", stamp(-60)]), "its stamp '' is not a stamp"),
              (record(stamp(-60), parts: [stamp(-60), stamp(-60), stamp(2 * 86_400)]),
               "its stamp is from 2026-11-25T18:28:38.905Z, further ahead than sync.max-drift allows"),
          ] as [(NoteDatabase.HubRecord, String)])
    func refused(stored: NoteDatabase.HubRecord, problem: String) {
        let check = HubRowCheck(maxDrift: .seconds(86_400), now: Self.now)
        let replaced = check.replacement(of: stored, seq: 12, by: Self.edit, hubNow: Self.now)
        #expect(replaced == SkippedRow(hubID: Self.id, reason: "row 12: \(problem); this machine's change replaced it on the hub"))
    }

    @Test("too far ahead is as far as the hub's clock and the pushing machine's sync.max-drift say; a row a pull applies stands, and a change with refused stamps replaces nothing")
    func pushersDrift() {
        let check = HubRowCheck(maxDrift: .seconds(86_400), now: Self.now)
        let twoDaysAhead = Self.record(Self.stamp(2 * 86_400))
        #expect(check.replacement(of: twoDaysAhead, seq: 5, by: Self.edit, hubNow: Self.now) != nil)
        #expect(HubRowCheck(maxDrift: .seconds(3 * 86_400), now: Self.now).replacement(of: twoDaysAhead, seq: 5, by: Self.edit, hubNow: Self.now) == nil)
        #expect(check.replacement(of: twoDaysAhead, seq: 5, by: Self.edit, hubNow: Self.now.addingTimeInterval(1.5 * 86_400)) == nil)

        #expect(check.replacement(of: Self.record(Self.stamp(-60)), seq: 3, by: Self.edit, hubNow: Self.now) == nil)
        #expect(check.replacement(of: Self.record(Self.stamp(3600)), seq: 3, by: Self.edit, hubNow: Self.now) == nil, "a clock an hour fast")
        #expect(check.replacement(of: Self.record("zzzz"), seq: 3, by: Self.record("zzzz"), hubNow: Self.now) == nil)
        let hostile = Self.record(Self.edit.hlc, parts: [Self.edit.hlc, Self.edit.hlc, "9999999999999-00000000-evil"])
        #expect(check.replacement(of: Self.record("zzzz"), seq: 3, by: hostile, hubNow: Self.now) == nil)
    }

    @Test("a machine whose clock is two days slow, with a sync.max-drift of 60 s, replaces no row that is within 60 s of the hub's clock")
    func slowPusher() {
        let slow = HubRowCheck(maxDrift: .seconds(60), now: Self.now.addingTimeInterval(-2 * 86_400))
        let edit = Self.record(Self.stamp(-2 * 86_400, node: "laptop"))
        let sound = Self.record(Self.stamp(30, node: "desktop"))
        #expect(slow.problem(stampsOf: sound) != nil, "its pull skips the row")
        #expect(slow.replacement(of: sound, seq: 9, by: edit, hubNow: Self.now) == nil, "its push leaves the row standing")
        let ahead = slow.replacement(of: Self.record(Self.stamp(120)), seq: 9, by: edit, hubNow: Self.now)
        #expect(ahead?.reason == "row 9: its stamp is from 2026-11-23T18:30:38.905Z, further ahead than sync.max-drift allows; this machine's change replaced it on the hub")
        #expect(slow.replacement(of: Self.record("zzzz"), seq: 9, by: edit, hubNow: Self.now) != nil, "a row that is not a stamp gives way")
    }

    @Test("a replaced row's text is kept under its text's stamp when a pull takes it, else under the hub's time")
    func keptStamp() {
        let check = HubRowCheck(maxDrift: .seconds(60), now: Self.now.addingTimeInterval(-2 * 86_400))
        let text = Self.stamp(30, node: "desktop")
        #expect(check.keptStamp(of: Self.record(Self.stamp(120), parts: [text, text, Self.stamp(120)]), hubNow: Self.now) == text)
        let hub = Self.stamp(0, node: "hub")
        #expect(check.keptStamp(of: Self.record("zzzz"), hubNow: Self.now) == hub)
        #expect(check.keptStamp(of: Self.record("9999999999999-00000000-evil"), hubNow: Self.now) == hub)
        #expect(check.keptStamp(of: Self.record(Self.stamp(120)), hubNow: Self.now) == hub)
    }

    @Test("a newest hub row whose stamp is refused is left out of the mark that finds a rollback")
    func mark() {
        let check = HubRowCheck(maxDrift: .seconds(86_400), now: Date())
        let keys = Hub.Mark.keys
        let sound = Hub.Mark.values(seq: 7, epoch: "e", newest: (Self.id, Self.stamp(0)), check: check)
        #expect(sound[keys.id] == Self.id && sound[keys.hlc] == Self.stamp(0) && sound[keys.seq] == "7")
        for stamp in ["zzzz", "9999999999999-00000000-evil", "253402300799999-00000000-evil"] {
            let poisoned = Hub.Mark.values(seq: 7, epoch: "e", newest: (Self.id, stamp), check: check)
            #expect(poisoned[keys.id] == "" && poisoned[keys.hlc] == "" && poisoned[keys.seq] == "7", "\(stamp)")
        }
    }
}
