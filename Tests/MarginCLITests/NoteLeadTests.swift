import Foundation
import TestSupport
import Testing

@Suite("margin note --ago and note.lead")
struct NoteLeadTests {
    @Test("--ago pins that long before the position, never before 0:00; note.lead is the default; --at is exact")
    func lead() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            try await sandbox.emulator.setPlayback(.init(progressMs: 600_000, isPlaying: false))

            let ago = try await sandbox.object("note", "a", "--ago", "20s", "--json")
            #expect(ago["progress_ms"] as? Int == 580_000)
            let minute = try await sandbox.object("note", "b", "--ago", "1m", "--json")
            #expect(minute["progress_ms"] as? Int == 540_000)

            #expect(try await sandbox.margin("config", "set", "note.lead", "5").status == 0)
            let lead = try await sandbox.object("note", "c", "--json")
            #expect(lead["progress_ms"] as? Int == 595_000)
            let at = try await sandbox.object("note", "d", "--at", "5:00", "--json")
            #expect(at["progress_ms"] as? Int == 300_000)

            try await sandbox.emulator.setPlayback(.init(progressMs: 3_000, isPlaying: false))
            let clamped = try await sandbox.object("note", "e", "--ago", "1m", "--json")
            #expect(clamped["progress_ms"] as? Int == 0)

            #expect(try await sandbox.margin("config", "set", "note.lead", "soon").status == 64)
            #expect(try await sandbox.margin("note", "f", "--ago", "20s", "--at", "1:00").status == 64)
        }
    }
}
