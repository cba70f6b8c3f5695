import Foundation
import TestSupport
import Testing
@testable import SpotifyClient

func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
}

let sampleCredentials = Credentials(accessToken: "BQaccess", refreshToken: "AQrefresh",
                                    expiresAt: Date(timeIntervalSince1970: 1_800_000_000), scope: "a b", clientID: "cid")

@Suite("Credential store")
struct CredentialStoreTests {
    @Test("writes 0600 in a 0700 directory and reads back the same")
    func roundTrip() throws {
        let store = CredentialStore(directory: try temporaryDirectory() + "/nested/margin")
        #expect(try store.load() == nil)
        try store.save(sampleCredentials)
        #expect(try mode(store.path) == 0o600)
        #expect(try mode(store.directory) == 0o700)
        #expect(try store.load() == sampleCredentials)
    }

    @Test("replaces the file atomically and leaves no temporary files")
    func atomic() throws {
        let store = CredentialStore(directory: try temporaryDirectory() + "/margin")
        try store.save(sampleCredentials)
        let inode = try FileManager.default.attributesOfItem(atPath: store.path)[.systemFileNumber] as? Int
        var next = sampleCredentials
        next.accessToken = "BQnext"
        try store.save(next)
        let newInode = try FileManager.default.attributesOfItem(atPath: store.path)[.systemFileNumber] as? Int
        #expect(inode != newInode, "a rename puts a new file in place; an in-place write would keep the inode")
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory) == ["credentials.json"])
        #expect(try store.load()?.accessToken == "BQnext")
    }

    @Test("tightens an existing directory that is open to others")
    func tightens() throws {
        let dir = try temporaryDirectory() + "/margin"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try CredentialStore(directory: dir).save(sampleCredentials)
        #expect(try mode(dir) == 0o700)
    }

    @Test("refuses a file readable by others, saying how to fix it")
    func insecure() throws {
        let store = CredentialStore(directory: try temporaryDirectory() + "/margin")
        try store.save(sampleCredentials)
        chmod(store.path, 0o644)
        #expect(throws: SpotifyError.credentialsInsecure(path: store.path, mode: 0o644)) { try store.load() }
        #expect(SpotifyError.credentialsInsecure(path: store.path, mode: 0o644).errorDescription?.contains("chmod 600") == true)
    }

    @Test("reports a damaged file as corrupt", arguments: ["", "{", "{\"access_token\":1}", "[]"])
    func corrupt(text: String) throws {
        let store = CredentialStore(directory: try temporaryDirectory() + "/margin")
        try store.save(sampleCredentials)
        try Data(text.utf8).write(to: URL(fileURLWithPath: store.path))
        #expect(throws: SpotifyError.credentialsCorrupt(path: store.path)) { try store.load() }
    }

    @Test("deletes, and says whether there was anything")
    func delete() throws {
        let store = CredentialStore(directory: try temporaryDirectory() + "/margin")
        try store.save(sampleCredentials)
        #expect(try store.delete())
        #expect(try store.load() == nil)
        #expect(try !store.delete())
    }

    @Test("keeps the refresh token when a refresh reply has none, and takes a rotated one")
    func refreshedCredentials() {
        let now = Date(timeIntervalSince1970: 1_000)
        let kept = sampleCredentials.refreshed(with: TokenReply(accessToken: "BQ2", expiresIn: 3600), at: now)
        #expect(kept.refreshToken == "AQrefresh")
        #expect(kept.accessToken == "BQ2")
        #expect(kept.expiresAt == now.addingTimeInterval(3600))
        let rotated = sampleCredentials.refreshed(with: TokenReply(accessToken: "BQ3", expiresIn: 60, refreshToken: "AQnew"), at: now)
        #expect(rotated.refreshToken == "AQnew")
    }
}
