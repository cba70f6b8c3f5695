import SyncHub

extension Hub {
    /// Brings the hub's schema up to date and returns whose notes this connection reaches:
    /// the hub's id (in `margin.hub`) and the role, as `ID/ROLE`.
    ///
    /// A hub that is up to date costs one query. A hub with a migration this margin does not
    /// know is refused before anything is written. Missing migrations run under an advisory
    /// lock, so machines syncing for the first time at the same moment apply each one once.
    ///
    /// margin creates and changes hub objects only as the database's owner (or a superuser):
    /// a member of a shared hub never does, or the objects would be theirs, and an owner may
    /// lift row-level security. A member who finds the setup missing gets
    /// ``HubError/setupMissing(hub:)``, which says how to run it.
    func prepare() async throws -> String {
        let applied = try await appliedMigrations()
        if let applied, try check(applied) {
            return try await identity()
        }
        let mayOwn = try await query("""
            SELECT d.datdba = r.oid OR r.rolsuper FROM pg_database d, pg_roles r
            WHERE d.datname = current_database() AND r.rolname = current_user
            """).first?.decode(Bool.self) ?? false
        guard mayOwn else { throw HubError.setupMissing(hub: name, partly: applied != nil) }
        try await transaction {
            try await execute("SELECT pg_advisory_xact_lock(\(HubSchema.migrationLock))")
            if try await appliedMigrations() == nil {
                for statement in HubSchema.bootstrap { try await execute(statement) }
            }
            let applied = try await appliedMigrations() ?? []
            _ = try check(applied)
            for migration in HubSchema.migrations where !applied.contains(migration.name) {
                for statement in migration.statements { try await execute(statement) }
                try await query("INSERT INTO margin.migration (name) VALUES (\(migration.name))")
            }
        }
        return try await identity()
    }

    /// The names in `margin.migration`, or nil when the hub has no margin schema yet.
    private func appliedMigrations() async throws -> [String]? {
        let exists = try await query("SELECT to_regclass('margin.migration') IS NOT NULL")
        guard try exists.first?.decode(Bool.self) == true else { return nil }
        return try await query("SELECT name FROM margin.migration").map { try $0.decode(String.self) }
    }

    /// True when `applied` is every migration; throws when it has one this margin does not know.
    private func check(_ applied: [String]) throws -> Bool {
        let known = HubSchema.migrations.map(\.name)
        if let unknown = applied.first(where: { !known.contains($0) }) {
            throw HubError.schemaTooNew(hub: name, migration: unknown)
        }
        return Set(applied) == Set(known)
    }

    /// The hub's id and the role, as `ID/ROLE`.
    private func identity() async throws -> String {
        guard let (id, role) = try await query("SELECT id::text, current_user::text FROM margin.hub LIMIT 1").first?
            .decode((String, String).self)
        else { throw HubError.server(hub: name, detail: "margin.hub is empty") }
        return id + "/" + role
    }
}
