import Foundation
import Testing

/// Hub URLs of every form a person types: IPv6 literals, reserved characters, a password where
/// it does not belong. The password never reaches any output.
@Suite("sync: hub URLs and passwords", .serialized)
struct SyncAddressTests {
    @Test("an IPv6 literal host syncs, and a password with reserved characters works when percent-encoded")
    func ipv6AndReserved() async throws {
        let server = try await PostgresServer.start(settings: ["listen_addresses = '127.0.0.1,::1'"])
        defer { server.stop() }
        try await server.createUser("alice", password: "p@ss/w:rd#1", database: "notes")
        let machine = try SyncMachine(hub: "postgres://alice:p%40ss%2Fw%3Ard%231@[::1]:\(server.port)/notes?sslmode=disable")
        defer { machine.remove() }
        #expect(try await machine.margin("note", "over IPv6").status == 0)
        #expect(try await machine.sync()["pushed"] == 1)
        let connected = try await server.psql("SELECT count(*) FROM margin.note", database: "notes")
        #expect(connected.stdout == "1")
    }

    @Test("a password in the URL, in a password= parameter or in a URL without //: never printed, by any command")
    func neverPrinted() async throws {
        let machine = try SyncMachine(hub: "postgres://alice@127.0.0.1:\(PostgresServer.freePort())/notes?sslmode=disable")
        defer { machine.remove() }
        let secret = "Zq9-never-shown"
        var outputs: [(String, ProcessResult)] = []
        for url in ["postgres://alice:\(secret)@127.0.0.1:99999/notes", "postgres://alice@127.0.0.1/notes?password=\(secret)&sslcert=x",
                    "postgres:alice:\(secret)@127.0.0.1/notes", "postgres://alice:\(secret)@127.0.0.1:\(PostgresServer.freePort())/notes?sslmode=disable"] {
            let synced = try await machine.margin("sync", "--verbose", "--json", env: ["MARGIN_SYNC_URL": url])
            #expect(synced.status != 0, "\(url)")
            #expect(synced.stderr.hasPrefix("margin: "), "\(synced.stderr)")
            outputs.append(("sync \(url.prefix(20))", synced))
            let set = try await machine.margin("config", "set", "sync.url", url)
            #expect(set.status != 0, "a URL with a password is not stored: \(url)")
            outputs.append(("config set", set))
        }
        outputs.append(("config list", try await machine.margin("config", "list")))
        outputs.append(("config get", try await machine.margin("config", "get", "sync.url")))
        for (what, result) in outputs {
            #expect(!result.output.contains(secret), "\(what) printed the password: \(result.output)")
        }
        let refused = outputs.first { $0.0.hasPrefix("sync postgres:alice:") }?.1
        #expect(refused?.stderr.contains("not a postgres:// URL") == true, "\(String(describing: refused?.stderr))")
        #expect(refused?.stderr.contains("postgres://USER@HOST:PORT/DATABASE") == true, "an example follows")
    }
}
