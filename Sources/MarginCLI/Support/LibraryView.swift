import Foundation
import NoteStore
import PodcastLibrary

/// Episodes, shows and search results as people read them: one row each, the id last so that
/// it can be copied into `margin play`, `--show` or `--episode`.
enum LibraryView {
    /// `  3 notes  12:34 / 1:02:03  Ep. 42 — Naming things · Craft, Code & Curiosity  ID`;
    /// the show is left out when every row is of the same show (`margin episodes --show`).
    static func episodeRows(_ episodes: [LibraryEpisode], withShow: Bool = true) -> [String] {
        episodes.map { episode in
            let name = Terminal.sanitize(episode.name ?? "(unknown episode)")
            let show = withShow ? episode.showName.map { " · " + Terminal.sanitize($0) } ?? "" : ""
            let released = !withShow ? (episode.releaseDate.map { "\($0)  " } ?? "") : ""
            return "\(notes(episode.notes).leftPadded(to: 9))  \(progress(episode).leftPadded(to: 17))  \(released)\(name)\(show)  \(episode.id)"
        }
    }

    /// `12 notes`, `1 note`, or `-` for none.
    static func notes(_ count: Int) -> String {
        count == 0 ? "-" : count == 1 ? "1 note" : "\(count) notes"
    }

    /// Where the user stopped: `played`, `12:34 / 1:02:03`, `not started`, or why it is unknown.
    static func progress(_ episode: LibraryEpisode) -> String {
        if !episode.available { return "not in market" }
        if episode.fullyPlayed == true { return "played" }
        guard let position = episode.resumePositionMs else { return "?" }
        guard position > 0 else { return "not started" }
        let total = episode.durationMs.map { " / " + TimeValue.format(milliseconds: $0) } ?? ""
        return TimeValue.format(milliseconds: position) + total
    }

    /// `  5 notes  Craft, Code & Curiosity · Lamplight Audio  ID`.
    static func showRow(_ show: LibraryShow) -> String {
        let publisher = show.publisher.map { " · " + Terminal.sanitize($0) } ?? ""
        return "\(notes(show.notes).leftPadded(to: 9))  \(Terminal.sanitize(show.name))\(publisher)  \(show.id)"
    }
}

/// The `--json` shapes of the library commands: flat, snake_case, every key always present
/// (null when unknown), as `schema/episode.schema.json` and `schema/show.schema.json` describe.
enum LibraryJSON {
    struct EpisodeObject: Encodable {
        let type = "episode"
        let id: String
        let uri: String
        let name: String?
        let showID: String?
        let showName: String?
        let durationMs: Int?
        let releaseDate: String?
        let resumePositionMs: Int?
        let fullyPlayed: Bool?
        let available: Bool
        let notes: Int
        let firstNoteAt: String?
        let lastNoteAt: String?
        let link: String

        init(_ episode: LibraryEpisode) {
            id = episode.id
            uri = "spotify:episode:\(episode.id)"
            name = episode.name
            showID = episode.showID
            showName = episode.showName
            durationMs = episode.durationMs
            releaseDate = episode.releaseDate
            resumePositionMs = episode.resumePositionMs
            fullyPlayed = episode.fullyPlayed
            available = episode.available
            notes = episode.notes
            firstNoteAt = episode.firstNoteAt.map(NoteTimestamp.string(from:))
            lastNoteAt = episode.lastNoteAt.map(NoteTimestamp.string(from:))
            link = episode.link
        }

        enum CodingKeys: String, CodingKey {
            case type, id, uri, name, showID = "show_id", showName = "show_name", durationMs = "duration_ms"
            case releaseDate = "release_date", resumePositionMs = "resume_position_ms", fullyPlayed = "fully_played"
            case available, notes, firstNoteAt = "first_note_at", lastNoteAt = "last_note_at", link
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(type, forKey: .type)
            try c.encode(id, forKey: .id)
            try c.encode(uri, forKey: .uri)
            try c.encode(name, forKey: .name)
            try c.encode(showID, forKey: .showID)
            try c.encode(showName, forKey: .showName)
            try c.encode(durationMs, forKey: .durationMs)
            try c.encode(releaseDate, forKey: .releaseDate)
            try c.encode(resumePositionMs, forKey: .resumePositionMs)
            try c.encode(fullyPlayed, forKey: .fullyPlayed)
            try c.encode(available, forKey: .available)
            try c.encode(notes, forKey: .notes)
            try c.encode(firstNoteAt, forKey: .firstNoteAt)
            try c.encode(lastNoteAt, forKey: .lastNoteAt)
            try c.encode(link, forKey: .link)
        }
    }

    struct ShowObject: Encodable {
        let type = "show"
        let id: String
        let uri: String
        let name: String
        let publisher: String?
        let totalEpisodes: Int?
        let notes: Int
        let link: String

        init(_ show: LibraryShow) {
            id = show.id
            uri = "spotify:show:\(show.id)"
            name = show.name
            publisher = show.publisher
            totalEpisodes = show.totalEpisodes
            notes = show.notes
            link = show.link
        }

        enum CodingKeys: String, CodingKey {
            case type, id, uri, name, publisher, totalEpisodes = "total_episodes", notes, link
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(type, forKey: .type)
            try c.encode(id, forKey: .id)
            try c.encode(uri, forKey: .uri)
            try c.encode(name, forKey: .name)
            try c.encode(publisher, forKey: .publisher)
            try c.encode(totalEpisodes, forKey: .totalEpisodes)
            try c.encode(notes, forKey: .notes)
            try c.encode(link, forKey: .link)
        }
    }

    /// A JSON array of `values`, one per line, keys in the order written.
    static func array(_ values: [any Encodable]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let lines = try values.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        return lines.isEmpty ? "[]" : "[\n" + lines.joined(separator: ",\n") + "\n]"
    }
}
