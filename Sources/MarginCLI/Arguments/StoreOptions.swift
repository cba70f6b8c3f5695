import ArgumentParser
import Foundation
import MarginConfig
import NoteStore

/// `--db PATH`, taken by every command that reads or writes notes.
struct StoreOptions: ParsableArguments {
    @Option(help: "The note database (default: $MARGIN_DB, else $XDG_DATA_HOME/margin/notes.sqlite).", completion: .file())
    var db: String?

    /// `--db`, then `MARGIN_DB`, then the XDG data folder.
    func path(_ settings: Settings) -> String {
        if let db, !db.isEmpty { return db }
        if let env = settings.environment["MARGIN_DB"], !env.isEmpty { return env }
        return settings.paths.dataDirectory + "/notes.sqlite"
    }

    func open(_ settings: Settings) throws -> NoteDatabase {
        try NoteDatabase(path: path(settings))
    }
}
