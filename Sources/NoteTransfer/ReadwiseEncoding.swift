import NoteStore

/// The Readwise export: CSV in the layout of Readwise's CSV import, one row per note.
///
/// `Highlight,Title,Author,URL,Note,Location,Location Type,Date`, with ``CSVEncoding``'s
/// RFC 4180 quoting and CRLF line endings. Readwise groups highlights into books by title and
/// author, so an episode is a book of its show:
///
/// - Highlight: the note's text, as it is (line breaks kept inside the quoted field).
/// - Title: the episode's name (the track's for a note taken during music), from the note or
///   the episode cache, else its URI; `Unpinned notes` for notes without a moment.
/// - Author: the show's name; `margin` for unpinned notes; empty for a track or an episode
///   whose show is not known.
/// - URL: the moment's link, `https://open.spotify.com/episode/ID?t=SECONDS`; empty when unpinned.
/// - Note: the tags as Readwise's inline tags, `.caching .naming` (Readwise turns a note made
///   of `.word`s into tags); empty without tags.
/// - Location and Location Type: the moment in whole seconds and `time_offset`, so that
///   Readwise orders an episode's highlights by playback; both empty when unpinned.
/// - Date: when the note was taken, UTC, `2026-11-21 09:15:02` (`YYYY-MM-DD HH:MM:SS`, the
///   form Readwise's CSV import reads).
///
/// Rows come in the Markdown export's order: by show, episode and moment.
enum ReadwiseEncoding {
    /// The header row, CRLF included.
    static func appendHeader(to out: inout [UInt8]) {
        out.append(contentsOf: "Highlight,Title,Author,URL,Note,Location,Location Type,Date\r\n".utf8)
    }

    /// Appends one note as a row; `title` and `show` are the names the Markdown query gives
    /// (the episode cache's when the note has none).
    static func appendRow(_ note: Note, title: String?, show: String?, to out: inout [UInt8]) {
        let pin = note.pin
        let date = NoteTimestamp.string(from: note.createdAt)
        let fields: [String] = [
            note.text,
            pin == nil ? "Unpinned notes" : title ?? pin?.itemURI ?? "",
            pin == nil ? "margin" : pin?.itemType == "track" ? "" : show ?? "",
            note.link ?? "",
            note.tags.map { "." + $0 }.joined(separator: " "),
            pin.map { String(max(0, $0.progressMs) / 1000) } ?? "",
            pin == nil ? "" : "time_offset",
            date.prefix(10) + " " + date.dropFirst(11).prefix(8),
        ]
        for (index, field) in fields.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            // An empty field is left empty: Readwise's template has no quoted empty fields.
            if !field.isEmpty { CSVEncoding.appendField(field, to: &out) }
        }
        out.append(contentsOf: [0x0D, 0x0A])
    }
}
