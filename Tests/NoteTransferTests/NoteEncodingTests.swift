import Foundation
import Testing
@testable import NoteStore
@testable import NoteTransfer
import NoteFixtures

@Suite("The note object as JSON")
struct NoteEncodingTests {
    @Test("a pinned note encodes with the contract's keys, in the contract's order")
    func pinned() {
        var made = Note(
            id: "0b9e6c1e-6a8f-4d55-9d7e-2b1f3c4d5e6f", text: "the bit about cache stampedes",
            tags: ["caching"], createdAt: moment(), pin: episodePin())
        made.pin?.durationMs = 3_723_000
        #expect(NoteEncoding.object(made) == """
            {"id":"0b9e6c1e-6a8f-4d55-9d7e-2b1f3c4d5e6f","text":"the bit about cache stampedes",\
            "tags":["caching"],"created_at":"2026-11-21T09:15:02.123Z","updated_at":"2026-11-21T09:15:02.123Z",\
            "pinned":true,"item_type":"episode","item_id":"512ojhOuo1ktJprKbVcKyQ",\
            "item_uri":"spotify:episode:512ojhOuo1ktJprKbVcKyQ","item_name":"Ep. 42 — Naming things",\
            "show_id":"5CfCWKI5pZ28U0uOzXkDHe","show_name":"Craft, Code & Curiosity","progress_ms":754321,\
            "duration_ms":3723000,"position":"12:34",\
            "link":"https://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ?t=754","voice":null}
            """)
    }

    @Test("a voice note carries its recording and transcription state after the contract's keys")
    func voice() {
        var made = Note(id: ExportFixtures.id(2), text: "", createdAt: moment())
        made.voice = NoteVoice(audio: "/home/a/.local/share/margin/audio/x.wav", durationMs: 7000, state: .failed, error: "crashed \"hard\"")
        #expect(NoteEncoding.object(made).hasSuffix("""
            "link":null,"voice":{"audio":"/home/a/.local/share/margin/audio/x.wav","duration_ms":7000,\
            "state":"failed","error":"crashed \\"hard\\""}}
            """))
        made.voice = NoteVoice(audio: "/a.wav", state: .pending)
        #expect(NoteEncoding.object(made).hasSuffix(#""voice":{"audio":"/a.wav","duration_ms":null,"state":"pending","error":null}}"#))
    }

    @Test("an unpinned note has null for every pin field")
    func unpinned() {
        let made = Note(id: ExportFixtures.id(1), text: "loose", createdAt: moment())
        #expect(NoteEncoding.object(made) == """
            {"id":"00000000-0000-4000-8000-000000000001","text":"loose","tags":[],\
            "created_at":"2026-11-21T09:15:02.123Z","updated_at":"2026-11-21T09:15:02.123Z","pinned":false,\
            "item_type":null,"item_id":null,"item_uri":null,"item_name":null,"show_id":null,"show_name":null,\
            "progress_ms":null,"duration_ms":null,"position":null,"link":null,"voice":null}
            """)
    }

    @Test("strings escape only what JSON requires")
    func strings() {
        #expect(NoteEncoding.string(#"say "hi" \ now"#) == #""say \"hi\" \\ now""#)
        #expect(NoteEncoding.string("a\nb\r\nc\td\u{8}e\u{c}f") == #""a\nb\r\nc\td\be\ff""#)
        #expect(NoteEncoding.string("\u{0}\u{1}\u{1f}\u{7f}") == "\"\\u0000\\u0001\\u001f\u{7f}\"")
        #expect(NoteEncoding.string("a/b é 🎧 \u{2028}") == "\"a/b é 🎧 \u{2028}\"")
        #expect(NoteEncoding.string("") == #""""#)
    }

    @Test("every hostile text survives Foundation's JSON parser")
    func parsesBack() throws {
        for note in ExportFixtures.hostileNotes() {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(NoteEncoding.object(note).utf8)) as? [String: Any])
            #expect(object["text"] as? String == note.text)
            #expect(object.count == NoteEncoding.keys.count + 1)
            #expect(object["voice"] is NSNull)
        }
    }
}
