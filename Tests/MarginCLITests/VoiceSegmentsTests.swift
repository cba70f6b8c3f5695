import Foundation
import TestSupport
import Testing

/// A voice note's segments end to end: the real `margin-whisper` helper and model on a real
/// recording, through the built margin's JSON, exports, imports and `margin transcribe`.
@Suite("voice note segments end to end", .serialized)
struct VoiceSegmentsTests {
    static let env = WhisperEngineTests.env

    /// The segments of a note object, each checked to be `{start_ms, end_ms, text}`.
    static func segments(_ note: [String: Any]) throws -> [(start: Int, end: Int, text: String)] {
        let list = try #require(note["segments"] as? [[String: Any]], "no segments in \(note)")
        return try list.map { segment in
            #expect(segment.keys.sorted() == ["end_ms", "start_ms", "text"])
            return (try #require(segment["start_ms"] as? Int), try #require(segment["end_ms"] as? Int),
                    try #require(segment["text"] as? String))
        }
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    @Test("a Whisper voice note's JSON has ordered segments within the recording whose texts join to the note's text; show, list, export and the schema agree")
    func whisperSegments() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let taken = try await sandbox.margin("note", "--voice", "--audio", VoiceNoteTests.clip, "--json", env: Self.env)
            #expect(taken.status == 0, "\(taken.stderr)")
            #expect(taken.stderr.contains("heard (Whisper"), "\(taken.stderr)")
            let note = try Self.object(taken.stdout)
            let id = try #require(note["id"] as? String)
            let text = try #require(note["text"] as? String)
            let duration = try #require((note["voice"] as? [String: Any])?["duration_ms"] as? Int)
            let segments = try Self.segments(note)
            #expect(!segments.isEmpty)
            #expect(segments.map(\.text).joined(separator: " ") == text)
            for (index, segment) in segments.enumerated() {
                #expect(segment.start >= 0 && segment.start <= segment.end && segment.end <= duration, "\(segments) in \(duration) ms")
                if index > 0 { #expect(segments[index - 1].start <= segment.start, "\(segments)") }
            }

            let shown = try await sandbox.margin("show", String(id.prefix(8)), "--json")
            #expect(shown.stdout.trimmingCharacters(in: .newlines) == taken.stdout.trimmingCharacters(in: .newlines))
            let listed = try await sandbox.margin("list", "--json")
            #expect(listed.stdout.contains(#""segments":[{"start_ms":"#))
            let exported = try await sandbox.margin("export", "--format", "json")
            #expect(exported.status == 0, "\(exported.stderr)")
            #expect(exported.stdout.contains(try #require(taken.stdout.split(separator: "\n").first).dropLast()), "the note object as --json wrote it")
            try await SchemaTests().validate(exported.stdout, in: sandbox, name: "segments.json")
            try await SchemaTests().validate(taken.stdout, in: sandbox, name: "segments-note.json")

            // Imported into another store, exported again: the same bytes, segments included.
            let file = sandbox.root + "/export.json"
            try Data(exported.stdout.utf8).write(to: URL(fileURLWithPath: file))
            let other = ["MARGIN_DB": sandbox.root + "/other.sqlite"]
            let imported = try await sandbox.margin("import", file, env: other)
            #expect(imported.status == 0, "\(imported.stderr)")
            let again = try await sandbox.margin("export", "--format", "json", env: other)
            #expect(again.stdout.replacingOccurrences(of: #""voice":null"#, with: "")
                    == exported.stdout.replacingOccurrences(of: try Self.voiceJSON(note), with: ""),
                    "the recording stays on its machine; the segments travel")
            #expect(again.stdout.contains(#""voice":null,"segments":[{"#))
        }
    }

    /// The `"voice":{…}` of a note object as margin wrote it.
    static func voiceJSON(_ note: [String: Any]) throws -> String {
        let voice = try #require(note["voice"] as? [String: Any])
        let audio = try #require(voice["audio"] as? String)
        let duration = try #require(voice["duration_ms"] as? Int)
        return #""voice":{"audio":"\#(audio)","duration_ms":\#(duration),"state":"done","error":null}"#
    }

    @Test("margin transcribe replaces the segments: Whisper gives them to a PocketSphinx note, PocketSphinx takes them away again")
    func retranscribe() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            #expect(try await sandbox.margin("config", "set", "transcribe.engine", "pocketsphinx").status == 0)
            let sphinx = try Self.object(try await sandbox.margin("note", "--voice", "--audio", VoiceNoteTests.clip, "--json", env: Self.env).stdout)
            #expect(sphinx["segments"] == nil, "PocketSphinx gives no segments: \(sphinx)")
            let id = String(try #require(sphinx["id"] as? String).prefix(8))

            let whisper = try await sandbox.margin("transcribe", id, "--engine", "whisper", "--json", env: Self.env)
            #expect(whisper.status == 0, "\(whisper.stderr)")
            let redone = try Self.object(whisper.stdout)
            let segments = try Self.segments(redone)
            #expect(segments.map(\.text).joined(separator: " ") == redone["text"] as? String)
            let shown = try Self.object(try await sandbox.margin("show", id, "--json").stdout)
            #expect(try Self.segments(shown).map(\.text) == segments.map(\.text))

            let back = try await sandbox.margin("transcribe", id, "--engine", "pocketsphinx", "--json", env: Self.env)
            #expect(back.status == 0, "\(back.stderr)")
            #expect(try Self.object(back.stdout)["segments"] == nil, "\(back.stdout)")
            #expect(try Self.object(try await sandbox.margin("show", id, "--json").stdout)["segments"] == nil)
        }
    }
}
