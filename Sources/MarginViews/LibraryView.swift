import Foundation
import NoteStore
import NoteTransfer
import PodcastLibrary

/// Episodes, shows and search results as people read them: one row each, the id last so that
/// it can be copied into `margin play`, `--show` or `--episode`.
public enum LibraryView {
    /// `  3 notes  12:34 / 1:02:03  Ep. 42 — Naming things · Craft, Code & Curiosity  ID`;
    /// with `withShow` false (one show's episodes, search) the release date instead of the show.
    public static func episodeRows(_ episodes: [LibraryEpisode], withShow: Bool = true) -> [String] {
        episodes.map { row in
            let episode = row.episode
            let name = Terminal.sanitize(episode.name ?? "(unknown episode)")
            let show = withShow ? episode.showName.map { " · " + Terminal.sanitize($0) } ?? "" : ""
            let released = !withShow ? (episode.releaseDate.map { "\($0)  " } ?? "") : ""
            return "\(notes(row.notes).leftPadded(to: 9))  \(progress(episode).leftPadded(to: 17))  \(released)\(name)\(show)  \(episode.id)"
        }
    }

    /// `12 notes`, `1 note`, or `-` for none.
    public static func notes(_ count: Int) -> String {
        count == 0 ? "-" : count == 1 ? "1 note" : "\(count) notes"
    }

    /// Where the user stopped: `played`, `12:34 / 1:02:03`, `not started`, or why it is unknown.
    public static func progress(_ episode: EpisodeInfo) -> String {
        if !episode.available { return "not in market" }
        if episode.fullyPlayed == true { return "played" }
        guard let position = episode.resumePositionMs else { return "?" }
        guard position > 0 else { return "not started" }
        let total = episode.durationMs.map { " / " + TimeValue.format(milliseconds: $0) } ?? ""
        return TimeValue.format(milliseconds: position) + total
    }

    /// `  5 notes  Craft, Code & Curiosity · Lamplight Audio  ID`.
    public static func showRow(_ show: LibraryShow) -> String {
        let publisher = show.publisher.map { " · " + Terminal.sanitize($0) } ?? ""
        return "\(notes(show.notes).leftPadded(to: 9))  \(Terminal.sanitize(show.name))\(publisher)  \(show.id)"
    }
}

/// The `--json` shapes of the library commands: flat, snake_case, every key always present
/// (null when unknown) and in this order, as `schema/episode.schema.json` and
/// `schema/show.schema.json` describe; strings escaped as in the note object.
public enum LibraryJSON {
    /// One JSON value of an object's field.
    public enum Value {
        case string(String?)
        case int(Int?)
        case bool(Bool?)
    }

    public static func episode(_ row: LibraryEpisode) -> [(String, Value)] {
        let episode = row.episode
        return [
            ("type", .string("episode")), ("id", .string(episode.id)), ("uri", .string("spotify:episode:\(episode.id)")),
            ("name", .string(episode.name)), ("show_id", .string(episode.showID)), ("show_name", .string(episode.showName)),
            ("duration_ms", .int(episode.durationMs)), ("release_date", .string(episode.releaseDate)),
            ("resume_position_ms", .int(episode.resumePositionMs)), ("fully_played", .bool(episode.fullyPlayed)),
            ("available", .bool(episode.available)), ("notes", .int(row.notes)),
            ("first_note_at", .string(row.firstNoteAt.map(NoteTimestamp.string(from:)))),
            ("last_note_at", .string(row.lastNoteAt.map(NoteTimestamp.string(from:)))), ("link", .string(row.link)),
        ]
    }

    public static func show(_ show: LibraryShow) -> [(String, Value)] {
        [
            ("type", .string("show")), ("id", .string(show.id)), ("uri", .string("spotify:show:\(show.id)")),
            ("name", .string(show.name)), ("publisher", .string(show.publisher)),
            ("total_episodes", .int(show.totalEpisodes)), ("notes", .int(show.notes)), ("link", .string(show.link)),
        ]
    }

    /// A JSON array of objects, one per line.
    public static func array(_ objects: [[(String, Value)]]) -> String {
        objects.isEmpty ? "[]" : "[\n" + objects.map(object).joined(separator: ",\n") + "\n]"
    }

    /// `{"key":value,…}` with the keys in the order given.
    public static func object(_ fields: [(String, Value)]) -> String {
        "{" + fields.map { key, value in NoteEncoding.string(key) + ":" + json(value) }.joined(separator: ",") + "}"
    }

    private static func json(_ value: Value) -> String {
        switch value {
        case .string(let text): text.map(NoteEncoding.string) ?? "null"
        case .int(let number): number.map(String.init) ?? "null"
        case .bool(let flag): flag.map { $0 ? "true" : "false" } ?? "null"
        }
    }
}
