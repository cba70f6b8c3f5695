import SyncHub
import Testing
@testable import NoteSync

/// Statements as margin sends them to libpq, and libpq's words as margin tells them.
@Suite("hub statements and failures")
struct HubQueryTests {
    @Test("every interpolated value is a typed parameter, never spliced into the SQL")
    func parameters() {
        let id = "x'); DROP TABLE margin.note; --"
        let query: HubQuery = "SELECT seq FROM margin.note WHERE id = \(id) AND seq > \(Int64(42)) LIMIT \(10) AND \(unescaped: "true")"
        #expect(query.sql == "SELECT seq FROM margin.note WHERE id = $1::text AND seq > $2::int8 LIMIT $3::int8 AND true")
        #expect(query.binds == [id, "42", "10"])
        let plain: HubQuery = "COMMIT"
        #expect(plain.sql == "COMMIT" && plain.binds.isEmpty)
    }

    @Test("arrays are written in PostgreSQL's array syntax, each element quoted and escaped")
    func arrays() {
        let texts = [#"{"text":"a \"quote\", a \\ and a }"}"#, "", "NULL", "ünïcødé, 🎧"]
        let query: HubQuery = "SELECT * FROM unnest(\(texts), \([true, false]))"
        #expect(query.sql == "SELECT * FROM unnest($1::text[], $2::boolean[])")
        #expect(query.binds[0] == #"{"{\"text\":\"a \\\"quote\\\", a \\\\ and a }\"}","","NULL","ünïcødé, 🎧"}"#)
        #expect(query.binds[1] == "{t,f}")
        let empty: HubQuery = "SELECT \([String]())"
        #expect(empty.binds == ["{}"])
    }

    @Test("a row's values read as the types asked for; NULL only as an optional")
    func decoding() throws {
        let row = HubRow(values: ["abc", "42", "t", nil])
        let (text, number, flag, missing) = try row.decode((String, Int64, Bool, String?).self)
        #expect(text == "abc" && number == 42 && flag && missing == nil)
        #expect(try row.decode(String.self) == "abc")
        #expect(throws: HubValueError.self) { try row.decode((String, String, String, String).self) }
        #expect(throws: HubValueError.self) { try row.decode((Int64, Int64).self) }
        #expect(throws: HubValueError.self) { try row.decode((String, String, String, String?, String).self) }
    }

    @Test("libpq's connection failures read as margin's: refused login, TLS, unreachable")
    func connectionFailures() {
        let hub = "alice@127.0.0.1:5432/notes"
        func said(_ message: String) -> HubError { HubError.classify(connection: message, hub: hub, timeout: .seconds(3)) }
        #expect(said("connection to server at \"127.0.0.1\", port 5999 failed: Connection refused\n\tIs the server running on that host and accepting TCP/IP connections?\n")
            == .unreachable(hub: hub, detail: "connection refused"))
        #expect(said("connection to server at \"127.0.0.1\", port 5432 failed: FATAL:  password authentication failed for user \"alice\"\n")
            == .authentication(hub: hub, detail: "password authentication failed for user \"alice\""))
        #expect(said("connection to server at \"127.0.0.1\", port 5432 failed: fe_sendauth: no password supplied\n")
            == .authentication(hub: hub, detail: "a password is required and none was found"))
        #expect(said("connection to server at \"127.0.0.1\", port 5432 failed: FATAL:  pg_hba.conf rejects connection for host \"127.0.0.1\", user \"alice\", database \"notes\", no encryption\n")
            == .authentication(hub: hub, detail: "pg_hba.conf rejects connection for host \"127.0.0.1\", user \"alice\", database \"notes\", no encryption"))
        #expect(said("connection to server at \"127.0.0.1\", port 5432 failed: SSL error: certificate verify failed\n")
            == .tls(hub: hub, detail: "the certificate is not trusted"))
        #expect(said("connection to server at \"127.0.0.1\", port 5432 failed: server certificate for \"localhost\" does not match host name \"127.0.0.1\"\n")
            == .tls(hub: hub, detail: "the certificate is for another name"))
        #expect(said("connection to server at \"127.0.0.1\", port 5432 failed: server does not support SSL, but SSL was required\n")
            == .tls(hub: hub, detail: "the server does not offer TLS, which sslmode requires"))
        #expect(said("connection to server at \"127.0.0.1\", port 5432 failed: FATAL:  database \"nope\" does not exist\n")
            == .server(hub: hub, detail: "database \"nope\" does not exist, SQLSTATE 3D000"))
        #expect(said("could not translate host name \"nowhere.invalid\" to address: Name or service not known\n")
            == .unreachable(hub: hub, detail: "could not translate host name \"nowhere.invalid\" to address: Name or service not known"))
        #expect(said("") == .unreachable(hub: hub, detail: "the connection closed"))
    }

    @Test("the server's refusals read by their SQLSTATE")
    func serverFailures() {
        let hub = "alice@127.0.0.1:5432/notes"
        func said(_ state: String, _ message: String = "m") -> HubError {
            HubError.classify(HubConnection.Failure.server(sqlState: state, message: message), hub: hub, timeout: .seconds(3))
        }
        #expect(said("55P03") == .waited(hub: hub, what: "a lock another session holds", seconds: 3))
        #expect(said("57014") == .waited(hub: hub, what: "a statement to finish", seconds: 6))
        #expect(said("42501", "permission denied for table note") == .permission(hub: hub, detail: "permission denied for table note"))
        #expect(said("57P01", "terminating connection due to administrator command")
            == .unreachable(hub: hub, detail: "terminating connection due to administrator command"))
        #expect(said("23505", "duplicate key") == .server(hub: hub, detail: "duplicate key, SQLSTATE 23505"))
        #expect(HubError.classify(HubConnection.Failure.connection("server closed the connection unexpectedly", sqlState: "57P01"), hub: hub)
            == .unreachable(hub: hub, detail: "server closed the connection unexpectedly"))
    }
}
