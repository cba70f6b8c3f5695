import Foundation
import GRDB

/// The times a search keeps notes between, as SQL over `note_ft` joined to `note`.
///
/// Without a bound the search reads the index alone, as it always did; with one it joins each
/// match's note for its `created_at`.
struct SearchRange {
    /// Stored timestamps (see ``NoteFilter/sinceTimestamp``), nil where there is no bound.
    var since, until: String?

    init(since: Date?, until: Date?) {
        let filter = NoteFilter(since: since, until: until)
        (self.since, self.until) = (filter.sinceTimestamp, filter.untilTimestamp)
    }

    /// `note_ft`, joined to `note` when a bound needs the note's time.
    var source: String {
        since == nil && until == nil ? "note_ft" : "note_ft JOIN note ON note.seq = note_ft.rowid"
    }

    /// ` AND …` for each bound, its parameters numbered from `first` on (they follow the
    /// query's own).
    func conditions(from first: Int) -> String {
        var sql = ""
        var index = first
        if since != nil {
            sql += " AND note.created_at >= ?\(index)"
            index += 1
        }
        if until != nil { sql += " AND note.created_at < ?\(index)" }
        return sql
    }

    /// The bounds' values, in the order of ``conditions(from:)``.
    var arguments: StatementArguments {
        StatementArguments([since, until].compactMap { $0 })
    }
}
