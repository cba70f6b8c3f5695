import Foundation
import NoteCapture
import NoteStore
import Testing

@Suite("A lead pins the note a little before the player's position")
struct LeadTests {
    let path: String
    init() throws { path = try temporaryStorePath() }

    func capture(_ player: ScriptedPlayer) -> NoteCapture {
        let path = self.path
        return NoteCapture(player: player, pinDeadline: .seconds(5), openStore: { try NoteDatabase(path: path) })
    }

    @Test("the lead is taken off the player's position")
    func leadMovesBack() async throws {
        let outcome = try await capture(ScriptedPlayer(.playing(playing(at: 754_000))))
            .capture(CaptureRequest(what: .text("a"), leadMs: 20_000))
        #expect(outcome.note.pin?.progressMs == 734_000)
    }

    @Test("a lead longer than the position pins at 0:00, never before")
    func leadClampsAtZero() async throws {
        let outcome = try await capture(ScriptedPlayer(.playing(playing(at: 5_000))))
            .capture(CaptureRequest(what: .text("a"), leadMs: 60_000))
        #expect(outcome.note.pin?.progressMs == 0)
    }

    @Test("an exact position given with --at is not moved by the lead")
    func atIsExact() async throws {
        let outcome = try await capture(ScriptedPlayer(.playing(playing(at: 754_000))))
            .capture(CaptureRequest(when: .at(positionMs: 600_000), what: .text("a"), leadMs: 20_000))
        #expect(outcome.note.pin?.progressMs == 600_000)
    }
}
