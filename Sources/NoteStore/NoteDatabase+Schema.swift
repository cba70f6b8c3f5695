import GRDB

/// The schema, as a list of named migrations.
///
/// A migration that has shipped is never edited: a user's file records which migrations ran,
/// and a later change must be a new migration registered after the others.
extension NoteDatabase {
    /// The migrator that brings any margin database to the current schema.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1", migrate: createV1)
        migrator.registerMigration("v2", migrate: migrateV2)
        migrator.registerMigration("v3", migrate: migrateV3)
        migrator.registerMigration("v4", migrate: migrateV4)
        migrator.registerMigration("v5", migrate: migrateV5)
        migrator.registerMigration("v6", migrate: migrateV6)
        migrator.registerMigration("v7", migrate: migrateV7)
        migrator.registerMigration("v8", migrate: migrateV8)
        migrator.registerMigration("v9", migrate: migrateV9)
        migrator.registerMigration("v10", migrate: migrateV10)
        migrator.registerMigration("v11", migrate: migrateV11)
        migrator.registerMigration("v12", migrate: migrateV12)
        migrator.registerMigration("v13", migrate: migrateNoteSegments)
        // Future migrations go here, each under a new name. They run on a store with every
        // index and trigger in place: one a first pull left out is built first (see
        // `buildLeftIndexesBeforeMigrating`).
        return migrator
    }

    /// v1: notes, their tags, the episode cache and the full-text index.
    private static func createV1(_ db: Database) throws {
        try db.create(table: "note") { t in
            t.primaryKey("id", .text)
            t.column("text", .text).notNull()
            // UTC ISO 8601 with milliseconds: sorts in time order as text.
            t.column("created_at", .text).notNull()
            t.column("updated_at", .text).notNull()
            t.column("item_type", .text)
            t.column("item_id", .text)
            t.column("item_uri", .text)
            t.column("item_name", .text)
            t.column("show_id", .text)
            t.column("show_name", .text)
            t.column("progress_ms", .integer)
            t.column("duration_ms", .integer)
            // A note is either unpinned (no pin column set) or pinned to a known moment.
            t.check(sql: """
                (item_type IS NULL AND item_id IS NULL AND item_uri IS NULL AND item_name IS NULL
                 AND show_id IS NULL AND show_name IS NULL AND progress_ms IS NULL AND duration_ms IS NULL)
                OR (item_type IS NOT NULL AND item_id IS NOT NULL AND item_uri IS NOT NULL
                 AND progress_ms IS NOT NULL)
                """)
        }
        // Each index also ends with the columns the listing orders by, ties broken by id, so
        // that lists and exports come straight off the index in a deterministic order.
        try db.create(index: "note_on_item", on: "note", columns: ["item_id", "progress_ms", "created_at", "id"])
        try db.create(index: "note_on_created_at", on: "note", columns: ["created_at", "id"])
        try db.create(index: "note_on_show", on: "note", columns: ["show_id", "created_at", "id"])

        try db.create(table: "note_tag", options: [.withoutRowID]) { t in
            t.column("note_id", .text).notNull().references("note", onDelete: .cascade)
            t.column("tag", .text).notNull()
            t.primaryKey(["note_id", "tag"])
        }
        try db.create(index: "note_tag_on_tag", on: "note_tag", columns: ["tag", "note_id"])

        try db.create(table: "episode") { t in
            t.primaryKey("id", .text)
            t.column("name", .text)
            t.column("show_id", .text)
            t.column("show_name", .text)
            t.column("duration_ms", .integer)
            t.column("release_date", .text)
            t.column("fetched_at", .text).notNull()
        }

        // External content on `note`: the text is stored once, and GRDB's triggers keep the
        // index in step with every insert, update and delete.
        try db.create(virtualTable: "note_ft", using: FTS5()) { t in
            t.synchronize(withTable: "note")
            t.tokenizer = .unicode61(diacritics: .remove)
            t.column("text")
        }
    }
}
