import Foundation
import TestSupport
import Testing
@testable import TokenService

/// A base64 32-byte key whose bytes are all `byte`.
func testKey(_ byte: UInt8) -> String { Data(repeating: byte, count: 32).base64EncodedString() }

@Suite("the keys file")
struct KeyRingTests {
    @Test("reads ids and keys, skips comments and blank lines, and makes the last key current")
    func parses() throws {
        let ring = try KeyRing(text: "# rotated 2026-11\nk1 \(testKey(1))\n\nk2\t\(testKey(2))\n", path: "keys")
        #expect(ring.keys.map(\.id) == ["k1", "k2"])
        #expect(ring.current.id == "k2")
        #expect(ring.key(id: "k1") != nil && ring.key(id: "k3") == nil)
        #expect(ring.description == "keys k1, k2 (current k2)")
    }

    @Test("accepts a keys file written with CRLF line ends, the CR trimmed")
    func crlf() throws {
        let ring = try KeyRing(text: "# rotated\r\nk1 \(testKey(1))\r\n\r\nk2 \(testKey(2))\r\n", path: "keys")
        #expect(ring.keys.map(\.id) == ["k1", "k2"])
        #expect(try TokenSealer(keys: ring).open(try TokenSealer(keys: try KeyRing(text: "k2 \(testKey(2))", path: "k")).seal("AQx")).keyID == "k2")
    }

    @Test("refuses bad lines, naming the line and never its text", arguments: [
        ("k1", KeyFileError.malformed(path: "keys", line: 1)),
        ("k1 \(testKey(1)) extra", .malformed(path: "keys", line: 1)),
        ("k.1 \(testKey(1))", .malformed(path: "keys", line: 1)),
        ("k1 not*base64", .malformed(path: "keys", line: 1)),
        ("k1 \(Data(repeating: 7, count: 16).base64EncodedString())", .wrongLength(path: "keys", line: 1, bytes: 16)),
        ("k1 \(Data(repeating: 7, count: 16).base64EncodedString())\r\n", .wrongLength(path: "keys", line: 1, bytes: 16)),
        ("", .empty(path: "keys")),
        ("k1 \(testKey(1))\nk1 \(testKey(2))", .duplicate(path: "keys", line: 2, id: "k1")),
        ("# only a comment\n", .empty(path: "keys")),
    ])
    func refuses(text: String, expected: KeyFileError) throws {
        #expect(throws: expected) { try KeyRing(text: text, path: "keys") }
        let message = expected.errorDescription ?? ""
        for key in [testKey(1), testKey(2)] { #expect(!message.contains(key)) }
    }

    @Test("loads a 0600 file and refuses one that group or others can read")
    func fileMode() throws {
        let path = try temporaryDirectory("keys") + "/keys"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("k1 \(testKey(1))\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o600)
        #expect(try KeyRing.load(path: path).current.id == "k1")
        chmod(path, 0o640)
        #expect(throws: KeyFileError.insecure(path: path, mode: 0o640)) { try KeyRing.load(path: path) }
        #expect(throws: KeyFileError.self) { try KeyRing.load(path: path + ".missing") }
    }
}
