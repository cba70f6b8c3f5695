import Foundation

/// How the store reads what a hub sends: the hub's JSON of a note is the sync protocol's, so
/// the store is handed a reader for it.
package protocol HubBodyReader {
    /// A note's JSON, read; nil when it is not one (a hub edited by hand).
    func note(from body: String) -> Note?
    /// An earlier version's text and `updated_at`; nil when the JSON has neither.
    func version(from body: String) -> (text: String, updatedAt: String)?
    /// Writes the notes of `records` (none a tombstone) into `session`, in that order; throws
    /// on the first that is not valid, and the store then saves them one by one.
    func importNotes(_ records: [NoteDatabase.HubRecord], into session: inout NoteImportSession) throws
}

/// What a pull hands the store: the hub's records and earlier texts, and what applying them did.
extension NoteDatabase {
    /// A note's newest version on the hub: its JSON, or a tombstone (nil body).
    package struct HubRecord: Sendable {
        package var id: String
        package var hlc: String
        /// The stamps of the last change to the text, the tags and the pin.
        package var parts: [String]
        package var body: String?

        package init(id: String, hlc: String, parts: [String], body: String?) {
            (self.id, self.hlc, self.parts, self.body) = (id, hlc, parts, body)
        }
    }

    /// An earlier text on the hub.
    package struct HubVersion: Sendable {
        package var id: String
        package var hlc: String
        package var kind: String
        package var body: String

        package init(id: String, hlc: String, kind: String, body: String) {
            (self.id, self.hlc, self.kind, self.body) = (id, hlc, kind, body)
        }
    }

    /// What applying a page did.
    package struct Applied: Sendable {
        package var notes = 0
        package var conflicts = 0
    }
}
