import Foundation
import NoteStore

/// The Obsidian export: one Markdown file per episode, written into a directory.
extension NoteDatabase {
    /// Writes the notes matching `filter` into `directory` (made when missing, 0755), one
    /// ``VaultPage`` per episode or track and one for unpinned notes, each merged into the
    /// file that already holds it (see ``VaultFile`` and ``VaultDirectory``).
    ///
    /// Notes are read one at a time, grouped by item: only one page's notes are held at once.
    /// `write` is called with a file's path and whole new text, and must replace the file
    /// atomically; a file whose text would not change is not written. The export reads one
    /// consistent snapshot, and `write` is called while it is being read: it must not use this
    /// `NoteDatabase`. A filter narrows the notes a page gets: its block then lists those.
    public func exportVault(
        _ filter: NoteFilter, to directory: String, write: (_ path: String, _ contents: Data) throws -> Void
    ) throws -> VaultSummary {
        var vault = try VaultDirectory(path: directory)
        var summary = VaultSummary()
        var page: VaultPage?
        func finish() throws {
            guard let done = page else { return }
            let (name, isNew) = vault.fileName(for: done)
            let path = (directory.hasSuffix("/") ? directory : directory + "/") + name
            let existing = isNew ? nil : FileManager.default.contents(atPath: path)
            let old = existing.flatMap { String(validating: $0, as: UTF8.self) }
            let text = Data(VaultFile.merged(done, into: old).utf8)
            if let existing, existing == text {
                summary.unchanged += 1
            } else {
                try write(path, text)
                if existing == nil { summary.created += 1 } else { summary.updated += 1 }
            }
        }
        // Grouped by item (unpinned notes last), each item's notes in playback order.
        try forEachRow(.pages(filter)) { row in
            let note = try row.note()
            let itemID = note.pin?.itemID
            if let open = page, open.itemID != itemID {
                try finish()
                page = nil
            }
            var current = page ?? VaultPage(itemID: itemID, isTrack: note.pin?.itemType == "track")
            // Emptied while `current` grows, so that its notes are not copied on every append.
            page = nil
            // The first name a note or the cache gives is the page's.
            if let pin = note.pin {
                let title = row.string(NoteRow.heading)
                let show = row.string(NoteRow.showName)
                current.title = current.title ?? (title == pin.itemURI ? nil : title)
                current.show = current.show ?? show
            }
            current.notes.append(note)
            page = current
        }
        try finish()
        return summary
    }
}
