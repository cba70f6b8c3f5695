import Foundation
import Testing

/// A shared hub's members are confined to their own rows whatever they try, and whichever came
/// first: the administrator's setup, or a member's first sync.
@Suite("sync: least privilege on a shared hub", .serialized)
struct SyncPrivilegeTests {
    /// What a member may not do; each is refused by the server.
    static let escapes = [
        "ALTER TABLE margin.note NO FORCE ROW LEVEL SECURITY",
        "ALTER TABLE margin.note DISABLE ROW LEVEL SECURITY",
        "ALTER TABLE margin.account DISABLE ROW LEVEL SECURITY",
        "ALTER TABLE margin.note OWNER TO mallory",
        "ALTER TABLE margin.note ADD COLUMN x int",
        "DROP POLICY own_rows ON margin.note",
        "ALTER POLICY own_rows ON margin.note USING (true)",
        "CREATE POLICY everyone ON margin.note USING (true)",
        "CREATE TABLE margin.mine (x int)",
        "CREATE VIEW margin.everything AS SELECT * FROM margin.note",
        "CREATE FUNCTION margin.f() RETURNS int LANGUAGE sql AS 'SELECT 1'",
        "CREATE INDEX ON margin.note (id)",
        "CREATE TRIGGER t BEFORE INSERT ON margin.note FOR EACH ROW EXECUTE FUNCTION suppress_redundant_updates_trigger()",
        "TRUNCATE margin.note",
        "DELETE FROM margin.note",
        "DELETE FROM margin.migration",
        "UPDATE margin.hub SET id = gen_random_uuid()",
        "DROP TABLE margin.note",
        "ALTER SCHEMA margin OWNER TO mallory",
        "ALTER SCHEMA margin RENAME TO elsewhere",
        "SET ROLE alice",
        "INSERT INTO margin.note (owner, id, hlc, text_hlc, tags_hlc, pin_hlc, deleted, body, seq) VALUES ('alice', 'x', 'z', 'z', 'z', 'z', true, NULL, 1)",
    ]

    /// Alice keeps notes; Mallory tries every escape; nothing of Alice's reaches her.
    static func confined(_ server: PostgresServer, database: String) async throws {
        let alice = try SyncMachine(hub: server.url(user: "alice", password: "alice-pw-7", database: database))
        defer { alice.remove() }
        try await alice.importNotes(SyncMachine.sampleNotes(5, prefix: "alice's"))
        #expect(try await alice.sync()["pushed"] == 5)
        let asMallory = { (sql: String) in try await server.psql(sql, database: database, user: "mallory", password: "mallory-pw-8") }
        for escape in Self.escapes {
            let tried = try await asMallory(escape)
            #expect(tried.status != 0, "a member could: \(escape)")
        }
        #expect(try await asMallory("SELECT count(*) FROM margin.note WHERE owner <> current_user").stdout == "0")
        #expect(try await asMallory("SELECT count(*) FROM margin.note_version WHERE owner <> current_user").stdout == "0")
        #expect(try await asMallory("UPDATE margin.note SET owner = 'mallory'").stdout.isEmpty)
        // A grant she may not give is a warning, not an error: what matters is that none is made.
        _ = try await asMallory("GRANT SELECT ON margin.note TO PUBLIC")
        #expect(try await asMallory("SELECT has_table_privilege('public', 'margin.note', 'SELECT')").stdout == "f")
        let admin = { (sql: String) in try await server.psql(sql, database: database).stdout }
        #expect(try await admin("SELECT count(*) FROM margin.note WHERE owner = 'alice' AND NOT deleted") == "5")
        #expect(try await admin("SELECT string_agg(DISTINCT pg_get_userbyid(relowner), ',') FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE nspname = 'margin' AND relkind = 'r'") == "postgres")
        #expect(try await admin("SELECT bool_and(relrowsecurity AND relforcerowsecurity) FROM pg_class WHERE oid IN ('margin.note'::regclass, 'margin.account'::regclass, 'margin.note_version'::regclass)") == "t")
        #expect(try await admin("SELECT string_agg(DISTINCT policyname, ',') FROM pg_policies WHERE schemaname = 'margin'") == "own_rows")
    }

    static func roles(_ server: PostgresServer) async throws {
        for (user, password) in [("alice", "alice-pw-7"), ("mallory", "mallory-pw-8")] {
            #expect(try await server.psql("CREATE ROLE \(user) LOGIN PASSWORD '\(password)' IN ROLE margin_user").status == 0)
        }
    }

    @Test("the setup first: a member tries 22 escapes, each refused, and reads nothing of another's")
    func setupFirst() async throws {
        let server = try await PostgresServer.start()
        defer { server.stop() }
        #expect(try await server.psql("CREATE DATABASE shared").status == 0)
        let setup = try await MarginProcess.run(["sync", "--print-setup-sql"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(try await server.psql(setup.stdout, database: "shared").status == 0)
        try await Self.roles(server)
        try await Self.confined(server, database: "shared")
    }

    @Test("a member first: margin creates nothing and says the setup is missing; objects a member made before are taken over by the setup")
    func memberFirst() async throws {
        let server = try await PostgresServer.start()
        defer { server.stop() }
        #expect(try await server.psql("CREATE DATABASE shared").status == 0)
        #expect(try await server.psql("CREATE ROLE margin_user NOLOGIN").status == 0)
        try await Self.roles(server)
        // A careless administrator: members may create schemas in the database.
        #expect(try await server.psql("GRANT CREATE ON DATABASE shared TO margin_user").status == 0)
        let early = try SyncMachine(hub: server.url(user: "mallory", password: "mallory-pw-8", database: "shared"))
        defer { early.remove() }
        #expect(try await early.margin("note", "mallory's first").status == 0)
        let refused = try await early.margin("sync")
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("has no margin tables yet") && refused.stderr.contains("--print-setup-sql"), "\(refused.stderr)")
        #expect(try await server.psql("SELECT to_regnamespace('margin') IS NULL", database: "shared").stdout == "t", "nothing was created")

        // What an earlier margin did: the member's first sync made the tables, hers; then she
        // loosened them.
        #expect(try await server.psql("ALTER DATABASE shared OWNER TO mallory").status == 0)
        _ = try await early.sync()
        #expect(try await server.psql("ALTER DATABASE shared OWNER TO postgres").status == 0)
        let asMallory = { (sql: String) in try await server.psql(sql, database: "shared", user: "mallory", password: "mallory-pw-8") }
        #expect(try await asMallory("CREATE POLICY everyone ON margin.note USING (true)").status == 0)
        #expect(try await asMallory("ALTER TABLE margin.note NO FORCE ROW LEVEL SECURITY").status == 0)
        #expect(try await asMallory("GRANT ALL ON margin.note TO PUBLIC").status == 0)

        let setup = try await MarginProcess.run(["sync", "--print-setup-sql"], environment: ["PATH": "/usr/bin:/bin"])
        let applied = try await server.psql(setup.stdout, database: "shared")
        #expect(applied.status == 0, "\(applied.stderr)")
        try await Self.confined(server, database: "shared")
        #expect(try await asMallory("SELECT count(*) FROM margin.note").stdout == "1", "her own note is still hers")
    }
}
