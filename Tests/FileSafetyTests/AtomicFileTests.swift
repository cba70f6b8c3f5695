import FileSafety
import Foundation
import TestSupport
import Testing

@Suite("writing a file whole or not at all")
struct AtomicFileTests {
    /// A fresh directory under the system's temporary one.
    private func directory() throws -> String {
        try TestSupport.temporaryDirectory("filesafety")
    }

    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int)
    }

    @Test("replaces a file, keeping its mode, and leaves no temporary file behind")
    func replaces() throws {
        let dir = try directory()
        let path = dir + "/out.txt"
        try AtomicFile.write(Data("old".utf8), to: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        try AtomicFile.write(Data("new".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect(try mode(path) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["out.txt"])
    }

    @Test("an exact mode wins over the umask and the replaced file's mode")
    func exactMode() throws {
        let path = try directory() + "/secret.json"
        try AtomicFile.write(Data("a".utf8), to: path, mode: 0o644)
        try AtomicFile.write(Data("b".utf8), to: path, exactMode: 0o600)
        #expect(try mode(path) == 0o600)
    }

    @Test("follows a symlink and writes its target, leaving the link a link")
    func followsLinks() throws {
        let dir = try directory()
        try AtomicFile.write(Data("target".utf8), to: dir + "/target")
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: "target")
        try AtomicFile.write(Data("through the link".utf8), to: dir + "/link")
        #expect(try String(contentsOfFile: dir + "/target", encoding: .utf8) == "through the link")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link") == "target")
    }

    @Test("writes a device in place instead of replacing it")
    func device() throws {
        try AtomicFile.write(Data("discarded".utf8), to: "/dev/null")
        #expect(try AtomicFile.Destination(resolving: "/dev/null") == .inPlace("/dev/null"))
    }

    @Test("a directory is refused with the file to name instead")
    func directoryRefused() throws {
        let dir = try directory()
        #expect(throws: AtomicFile.Failure.isDirectory(dir)) { try AtomicFile.write(Data(), to: dir) }
    }

    @Test("a failure part way leaves the old file as it was")
    func failureKeepsOld() throws {
        struct Interrupted: Error {}
        let path = try directory() + "/out.txt"
        try AtomicFile.write(Data("old".utf8), to: path)
        #expect(throws: AtomicFile.Failure.self) {
            try AtomicFile.write(to: path) { sink in
                try sink(Data("half".utf8))
                throw Interrupted()
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
    }

    @Test("a missing directory is a failure that names the path")
    func missingDirectory() throws {
        let path = try directory() + "/no/such/out.txt"
        #expect(throws: AtomicFile.Failure.cannotWrite(path, "No such file or directory")) {
            try AtomicFile.write(Data("x".utf8), to: path)
        }
    }
}
