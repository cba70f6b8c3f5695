import Foundation
import NoteStore
import NoteTransfer

/// A note as the hub keeps it: margin's note object (the contract's JSON, as `export` writes
/// it), and back.
enum HubBody {
    /// The note's JSON. Its recording stays on this machine: `voice` is null on the hub; its
    /// segments, part of the note, travel with it.
    static func encode(_ note: Note) -> String {
        var note = note
        note.voice = nil
        return NoteEncoding.object(note)
    }

    /// An earlier text's JSON: `{"text":…,"updated_at":…}`, the two fields a note's JSON shares.
    static func encodeVersion(text: String, updatedAt: String) -> String {
        "{\"text\":\(NoteEncoding.string(text)),\"updated_at\":\(NoteEncoding.string(updatedAt))}"
    }

    /// The fields of a note's JSON that make a ``Note``; `position` and `link` follow from them.
    /// The pin is read by ``Pin``'s own `Codable` conformance, whose keys are the JSON's.
    private struct Fields: Decodable {
        var id: String
        var text: String
        var tags: [String]
        var createdAt: String
        var updatedAt: String
        var pin: Pin?
        var segments: [NoteSegment]

        enum CodingKeys: String, CodingKey {
            case id, text, tags, pinned, segments, createdAt = "created_at", updatedAt = "updated_at"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            text = try container.decode(String.self, forKey: .text)
            tags = try container.decode([String].self, forKey: .tags)
            createdAt = try container.decode(String.self, forKey: .createdAt)
            updatedAt = try container.decode(String.self, forKey: .updatedAt)
            pin = try container.decode(Bool.self, forKey: .pinned) ? Pin(from: decoder) : nil
            segments = try container.decodeIfPresent([NoteSegment].self, forKey: .segments) ?? []
        }
    }

    /// The text and time of an earlier version (a version's JSON, or a whole note's).
    struct VersionFields: Decodable {
        var text: String
        var updated_at: String
    }

    /// One decoder for every note of a pull.
    private static let decoder = JSONDecoder()

    /// Reads a note's JSON; nil when it is not one (a hub edited by hand).
    ///
    /// The import's parser reads what margin wrote; what it refuses (a note with no text yet,
    /// keys it does not know) is read again, field by field, and judged by the row checks.
    static func decode(_ json: String) -> Note? {
        if case .success(let note) = NoteDecoding.note(json) { return note }
        guard let fields = try? decoder.decode(Fields.self, from: Data(json.utf8)),
              let created = NoteTimestamp.date(from: fields.createdAt),
              let updated = NoteTimestamp.date(from: fields.updatedAt)
        else { return nil }
        return Note(id: fields.id.lowercased(), text: fields.text, tags: fields.tags, createdAt: created, updatedAt: updated,
                    pin: fields.pin, segments: fields.segments)
    }

    /// Reads a version's text and time; nil when the JSON has neither.
    static func decodeVersion(_ json: String) -> VersionFields? {
        try? decoder.decode(VersionFields.self, from: Data(json.utf8))
    }
}
