import Foundation
import TestSupport
import Testing
@testable import SyncHub

@Suite("the hub's address")
struct HubAddressTests {
    @Test("a full URL is read the way libpq reads it")
    func fullURL() throws {
        let address = try HubAddress("postgres://ann%40home:p%40ss@db.example.org:6543/my%20notes?sslmode=verify-full&sslrootcert=/etc/ca.pem",
                                     environment: [:])
        #expect(address.user == "ann@home" && address.password == "p@ss")
        #expect(address.host == "db.example.org" && address.port == 6543 && address.database == "my notes")
        #expect(address.tlsMode == .verifyFull && address.rootCertificate == "/etc/ca.pem")
        #expect(address.description == "ann@home@db.example.org:6543/my notes")
        #expect(!address.description.contains("p@ss"))
    }

    @Test("defaults: port 5432, the user's name as database, sslmode prefer, the user from the environment")
    func defaults() throws {
        let address = try HubAddress("postgresql://db.local", environment: ["USER": "kim"])
        #expect(address.port == 5432 && address.user == "kim" && address.database == "kim" && address.tlsMode == .prefer)
        let socket = try HubAddress("postgres:///notes?host=/run/postgresql&user=lee", environment: [:])
        #expect(socket.socketDirectory == "/run/postgresql" && socket.user == "lee" && socket.database == "notes")
    }

    @Test("the password: the URL's, then PGPASSWORD, then a private ~/.pgpass")
    func passwordSources() throws {
        let home = try temporaryDirectory("pgpass")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let file = home + "/.pgpass"
        try Data("# comment\nother:5432:*:ann:nope\ndb.local:*:notes:ann:pass\\:word\\\\x\n*:*:*:*:fallback\n".utf8)
            .write(to: URL(fileURLWithPath: file))
        chmod(file, 0o600)
        let url = "postgres://ann@db.local/notes"
        #expect(try HubAddress(url, environment: ["HOME": home]).password == "pass:word\\x")
        #expect(try HubAddress(url, environment: ["HOME": home, "PGPASSWORD": "env"]).password == "env")
        #expect(try HubAddress("postgres://ann:url@db.local/notes", environment: ["HOME": home, "PGPASSWORD": "env"]).password == "url")
        #expect(try HubAddress("postgres://bo@elsewhere/x", environment: ["HOME": home]).password == "fallback")
        chmod(file, 0o644)
        #expect(try HubAddress(url, environment: ["HOME": home]).password == nil)
    }

    @Test("what cannot be used is refused with the reason, and never with the password")
    func refusals() {
        let cases = [
            ("mysql://ann:secret-pw@db/notes", "not a postgres:// URL"),
            ("postgres://ann:secret-pw@db:99999/notes", "port"),
            ("postgres://ann:secret-pw@db/notes?sslmode=sometimes", "sslmode 'sometimes'"),
            ("postgres://ann:secret-pw@db/notes?sslcert=x", "'sslcert'"),
        ]
        for (url, reason) in cases {
            #expect {
                _ = try HubAddress(url, environment: [:])
            } throws: { error in
                let message = (error as? HubError)?.errorDescription ?? ""
                return message.contains(reason) && !message.contains("secret-pw") && message.contains("****")
            }
        }
    }

    @Test("a URL's password is replaced by stars wherever it is shown")
    func redaction() {
        #expect(HubAddress.redacted("postgres://ann:s3cret@db/notes") == "postgres://ann:****@db/notes")
        #expect(HubAddress.redacted("postgres://ann@db/notes") == "postgres://ann@db/notes")
        #expect(HubAddress.redacted("postgres://ann:p@ss:w@rd@db/notes") == "postgres://ann:****@db/notes")
        #expect(HubAddress.redacted("postgres:ann:s3cret@db/notes") == "postgres:ann:****@db/notes")
        #expect(HubAddress.redacted("postgres://ann:pa?ss@db/notes") == "postgres://ann:****@db/notes")
        #expect(HubAddress.redacted("postgres://ann:pa#ss@db/notes") == "postgres://ann:****@db/notes")
        #expect(HubAddress.redacted("postgres://ann:p/a?s#s@db/notes?sslmode=disable") == "postgres://ann:****@db/notes?sslmode=disable")
        #expect(HubAddress.redacted("postgres://ann@db/notes?sslmode=disable&password=s3cret&x=1")
                == "postgres://ann@db/notes?sslmode=disable&password=****&x=1")
        #expect(HubAddress.redacted("postgres://ann@db/notes?PASSWORD=s3cret") == "postgres://ann@db/notes?password=****")
    }

    @Test("a URL without //, or with a password parameter, never shows the password; an IPv6 literal is a host")
    func hostileForms() throws {
        #expect {
            _ = try HubAddress("postgres:alice:hunter2@db.example.org/notes", environment: [:])
        } throws: { error in
            let message = (error as? HubError)?.errorDescription ?? ""
            return message.contains("not a postgres:// URL") && !message.contains("hunter2")
        }
        #expect {
            _ = try HubAddress("postgres://alice@db/notes?password=hunter2&sslcert=x", environment: [:])
        } throws: { error in
            !((error as? HubError)?.errorDescription ?? "hunter2").contains("hunter2")
        }
        #expect(try HubAddress("postgres://alice@db/notes?password=hunter2", environment: [:]).password == "hunter2")
        let six = try HubAddress("postgres://alice@[::1]:6543/notes", environment: [:])
        #expect(six.host == "::1" && six.port == 6543)
        #expect(six.description == "alice@[::1]:6543/notes")
        let reserved = try HubAddress("postgres://al%40ice:p%40ss%2Fw%3Ard%23@db/my%2Fnotes", environment: [:])
        #expect(reserved.user == "al@ice" && reserved.password == "p@ss/w:rd#" && reserved.database == "my/notes")
    }
}
