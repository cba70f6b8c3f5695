import Foundation
import NoteStore
import NoteTransfer

/// A note as the hub keeps it: margin's note object (the contract's JSON, as `export` writes
/// it), and back.
enum HubBody {
    /// The note's JSON.
    static func encode(_ note: Note) -> String {
        NoteEncoding.object(note)
    }

    /// An earlier text's JSON: `{"text":…,"updated_at":…}`, the two fields a note's JSON shares.
    static func encodeVersion(text: String, updatedAt: String) -> String {
        "{\"text\":\(NoteEncoding.string(text)),\"updated_at\":\(NoteEncoding.string(updatedAt))}"
    }

    /// The fields of a note's JSON that make a ``Note``; `position` and `link` follow from them.
    private struct Fields: Decodable {
        var id: String
        var text: String
        var tags: [String]
        var created_at: String
        var updated_at: String
        var item_type: String?
        var item_id: String?
        var item_uri: String?
        var item_name: String?
        var show_id: String?
        var show_name: String?
        var progress_ms: Int?
        var duration_ms: Int?
    }

    /// The text and time of an earlier version (a version's JSON, or a whole note's).
    struct VersionFields: Decodable {
        var text: String
        var updated_at: String
    }

    /// One decoder for every note of a pull.
    private static let decoder = JSONDecoder()

    /// Reads a note's JSON; nil when it is not one (a hub edited by hand).
    static func decode(_ json: String) -> Note? {
        guard let fields = try? decoder.decode(Fields.self, from: Data(json.utf8)),
              let created = NoteTimestamp.date(from: fields.created_at),
              let updated = NoteTimestamp.date(from: fields.updated_at)
        else { return nil }
        var pin: Pin?
        if let type = fields.item_type, let item = fields.item_id, let uri = fields.item_uri, let progress = fields.progress_ms {
            pin = Pin(itemType: type, itemID: item, itemURI: uri, itemName: fields.item_name, showID: fields.show_id,
                      showName: fields.show_name, progressMs: progress, durationMs: fields.duration_ms)
        }
        return Note(id: fields.id.lowercased(), text: fields.text, tags: fields.tags, createdAt: created, updatedAt: updated, pin: pin)
    }

    /// Reads a version's text and time; nil when the JSON has neither.
    static func decodeVersion(_ json: String) -> VersionFields? {
        try? decoder.decode(VersionFields.self, from: Data(json.utf8))
    }
}
