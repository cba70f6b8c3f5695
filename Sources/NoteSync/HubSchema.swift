/// The hub's schema, as named migrations that margin applies itself on first sync.
///
/// Everything lives in the schema `margin`. `margin.migration` lists the migrations a hub has;
/// a client that finds a name it does not know refuses the hub before writing anything. A
/// migration that has shipped is never edited: a change is a new migration after the others.
///
/// Every table has an `owner` column that defaults to `current_user`, and row-level security
/// (forced, so that it binds the tables' owner too) lets each role see and write only its own
/// rows: several people can share one database, each with their own login role, and the
/// server, not the client, keeps them apart.
public enum HubSchema {
    /// A named migration: its statements run in one transaction.
    public struct Migration: Sendable {
        public let name: String
        public let statements: [String]
    }

    /// The advisory lock that serializes migrations between machines syncing at once.
    static let migrationLock: Int64 = 0x6D61_7267_696E_0001

    /// What every later statement needs: the schema and the list of applied migrations.
    static let bootstrap = [
        "CREATE SCHEMA IF NOT EXISTS margin",
        """
        CREATE TABLE IF NOT EXISTS margin.migration (
            name text PRIMARY KEY,
            applied_at timestamptz NOT NULL DEFAULT now()
        )
        """,
    ]

    /// The migrations, oldest first.
    public static let migrations = [
        Migration(name: "2026-11-notes", statements: [
            // The hub's identity: a store that finds another id here starts over (pulls
            // everything, pushes everything) instead of trusting a cursor from another hub.
            """
            CREATE TABLE margin.hub (
                id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
                created_at timestamptz NOT NULL DEFAULT now()
            )
            """,
            "INSERT INTO margin.hub DEFAULT VALUES",
            // Each person's change counter: a push locks the row, so one person's pushes commit
            // in counter order and a pull's cursor never skips a change still being written.
            // Every note and earlier text a push writes takes a number of its own from it.
            """
            CREATE TABLE margin.account (
                owner text PRIMARY KEY DEFAULT current_user,
                seq bigint NOT NULL DEFAULT 0
            )
            """,
            // The newest version of every note (a tombstone when deleted). `body` is the note as
            // margin's JSON (type json, not jsonb: it keeps a text's NUL escapes and key order);
            // `hlc` stamps the version, and the other stamps the last change to each part that
            // machines merge on their own: the text, the tags, the pin.
            """
            CREATE TABLE margin.note (
                owner text NOT NULL DEFAULT current_user,
                id text NOT NULL,
                hlc text NOT NULL,
                text_hlc text NOT NULL,
                tags_hlc text NOT NULL,
                pin_hlc text NOT NULL,
                deleted boolean NOT NULL,
                body json,
                seq bigint NOT NULL,
                PRIMARY KEY (owner, id),
                CHECK (deleted = (body IS NULL))
            )
            """,
            "CREATE INDEX note_by_seq ON margin.note (owner, seq)",
            // Earlier texts: replaced by an edit, or lost to a concurrent edit on another machine.
            """
            CREATE TABLE margin.note_version (
                owner text NOT NULL DEFAULT current_user,
                id text NOT NULL,
                hlc text NOT NULL,
                kind text NOT NULL CHECK (kind IN ('edited', 'conflict')),
                body json NOT NULL,
                seq bigint NOT NULL,
                PRIMARY KEY (owner, id, hlc)
            )
            """,
            "CREATE INDEX note_version_by_seq ON margin.note_version (owner, seq)",
        ] + ["account", "note", "note_version"].flatMap { table in
            [
                "ALTER TABLE margin.\(table) ENABLE ROW LEVEL SECURITY",
                "ALTER TABLE margin.\(table) FORCE ROW LEVEL SECURITY",
                "CREATE POLICY own_rows ON margin.\(table) USING (owner = current_user) WITH CHECK (owner = current_user)",
            ]
        }),
        // Each person's epoch: a machine that finds the hub rolled back (restored from a
        // backup) starts over and gives the person a new epoch, so that their other machines,
        // whose cursors may look fine, start over too.
        Migration(name: "2026-11-epoch", statements: [
            "ALTER TABLE margin.account ADD COLUMN epoch text NOT NULL DEFAULT ''",
        ]),
    ]

    /// The tables whose rows belong to people, each under row-level security.
    static let personalTables = ["account", "note", "note_version"]

    /// Takes margin's schema and everything in it for the role running the setup, whoever made
    /// them (a member whose first sync came first, in a margin before this one), and puts back
    /// what that maker could have changed: row-level security enabled and forced, margin's one
    /// policy and no other, no triggers, no grants but margin's.
    static var takeover: [String] {
        [
            "DO $takeover$ DECLARE item record; BEGIN",
            "IF (SELECT nspowner <> (SELECT oid FROM pg_roles WHERE rolname = current_user) FROM pg_namespace WHERE nspname = 'margin') THEN",
            "EXECUTE format('ALTER SCHEMA margin OWNER TO %I', current_user);",
            "END IF;",
            "FOR item IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace",
            "WHERE n.nspname = 'margin' AND c.relkind IN ('r', 'p', 'v', 'S') AND pg_get_userbyid(c.relowner) <> current_user LOOP",
            "EXECUTE format('ALTER TABLE margin.%I OWNER TO %I', item.relname, current_user);",
            "END LOOP;",
            "FOR item IN SELECT p.oid::regprocedure AS signature FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace",
            "WHERE n.nspname = 'margin' LOOP",
            "EXECUTE format('DROP FUNCTION %s CASCADE', item.signature);",
            "END LOOP;",
            "FOR item IN SELECT tgname, c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid",
            "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'margin' AND NOT t.tgisinternal LOOP",
            "EXECUTE format('DROP TRIGGER %I ON margin.%I', item.tgname, item.relname);",
            "END LOOP;",
            "FOR item IN SELECT policyname, tablename FROM pg_policies WHERE schemaname = 'margin' LOOP",
            "EXECUTE format('DROP POLICY %I ON margin.%I', item.policyname, item.tablename);",
            "END LOOP;",
            // Every grant on the schema and its tables to anyone but their owner, PUBLIC included.
            "FOR item IN SELECT DISTINCT CASE a.grantee WHEN 0 THEN 'PUBLIC' ELSE quote_ident(pg_get_userbyid(a.grantee)) END AS grantee",
            "FROM pg_namespace n, aclexplode(n.nspacl) a WHERE n.nspname = 'margin' AND a.grantee <> n.nspowner LOOP",
            "EXECUTE format('REVOKE ALL ON SCHEMA margin FROM %s', item.grantee);",
            "END LOOP;",
            "FOR item IN SELECT DISTINCT c.relname, CASE a.grantee WHEN 0 THEN 'PUBLIC' ELSE quote_ident(pg_get_userbyid(a.grantee)) END AS grantee",
            "FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace, aclexplode(c.relacl) a",
            "WHERE n.nspname = 'margin' AND a.grantee <> c.relowner LOOP",
            "EXECUTE format('REVOKE ALL ON margin.%I FROM %s', item.relname, item.grantee);",
            "END LOOP;",
            "END $takeover$;",
        ] + personalTables.flatMap { table in
            [
                "ALTER TABLE margin.\(table) ENABLE ROW LEVEL SECURITY;",
                "ALTER TABLE margin.\(table) FORCE ROW LEVEL SECURITY;",
                "CREATE POLICY own_rows ON margin.\(table) USING (owner = current_user) WITH CHECK (owner = current_user);",
            ]
        }
    }

    /// The SQL an administrator runs once to host several people (`margin sync --print-setup-sql`).
    public static var setupSQL: String {
        var lines = [
            "-- margin's sync hub: run once, as the database's owner or a superuser (never as a member:",
            "-- the role that runs it owns margin's schema and tables), e.g.",
            "--   margin sync --print-setup-sql | psql 'postgres://admin@db.example.org/notes'",
            "-- Then give each person a login role of their own in the group margin_user:",
            "--   CREATE ROLE alice LOGIN PASSWORD 'choose-one' IN ROLE margin_user;",
            "-- and they set MARGIN_SYNC_URL=postgres://alice@db.example.org/notes?sslmode=verify-full",
            "-- Row-level security keeps each role to its own notes; margin checks nothing itself.",
            "-- Safe to run again, and after anything else: margin's objects are taken over by the role",
            "-- running it whoever created them, and their policies and grants are put back as margin's.",
            "BEGIN;",
            "SELECT pg_advisory_xact_lock(\(migrationLock));",
        ]
        lines += bootstrap.map { $0 + ";" }
        for migration in migrations {
            lines.append("DO $migration$ BEGIN")
            lines.append("IF NOT EXISTS (SELECT 1 FROM margin.migration WHERE name = '\(migration.name)') THEN")
            lines += migration.statements.map { $0 + ";" }
            lines.append("INSERT INTO margin.migration (name) VALUES ('\(migration.name)');")
            lines.append("END IF;")
            lines.append("END $migration$;")
        }
        lines += [
            "DO $role$ BEGIN",
            "IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'margin_user') THEN CREATE ROLE margin_user NOLOGIN; END IF;",
            "END $role$;",
        ] + takeover + [
            "REVOKE ALL ON SCHEMA margin FROM PUBLIC, margin_user;",
            "GRANT USAGE ON SCHEMA margin TO margin_user;",
            "GRANT SELECT ON margin.migration, margin.hub TO margin_user;",
            "GRANT SELECT, INSERT, UPDATE ON margin.account, margin.note, margin.note_version TO margin_user;",
            "COMMIT;",
        ]
        return lines.joined(separator: "\n")
    }
}
