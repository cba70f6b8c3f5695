import Foundation
import Testing
@testable import TokenService

@Suite("sealing refresh tokens")
struct TokenSealerTests {
    let old: TokenSealer
    let rotated: TokenSealer
    let spotifyToken = "AQ" + String(repeating: "x", count: 128)

    init() throws {
        old = TokenSealer(keys: try KeyRing(text: "k1 \(testKey(1))", path: "keys"))
        rotated = TokenSealer(keys: try KeyRing(text: "k1 \(testKey(1))\nk2 \(testKey(2))", path: "keys"))
    }

    @Test("a sealed token opens to the original, names its key, and hides it")
    func roundTrip() throws {
        let sealed = try old.seal(spotifyToken)
        #expect(sealed.hasPrefix("v1.k1."))
        #expect(!sealed.contains(spotifyToken) && !sealed.contains("xxxx"))
        let opened = try old.open(sealed)
        #expect(opened.token == spotifyToken && opened.keyID == "k1")
        #expect(try old.seal(spotifyToken) != sealed, "a fresh nonce every time")
    }

    @Test("after a rotation new tokens use the newest key and old ones still open")
    func rotation() throws {
        let before = try old.seal(spotifyToken)
        #expect(try rotated.open(before).token == spotifyToken)
        #expect(try rotated.seal(spotifyToken).hasPrefix("v1.k2."))
    }

    @Test("tampered, truncated, foreign and re-labelled tokens do not open")
    func refuses() throws {
        let sealed = try old.seal(spotifyToken)
        let body = sealed.dropFirst("v1.k1.".count)
        var flipped = Array(body)
        flipped[10] = flipped[10] == "A" ? "B" : "A"
        let foreign = try TokenSealer(keys: try KeyRing(text: "k1 \(testKey(9))", path: "keys")).seal(spotifyToken)
        // The same ciphertext under another key id: the id is authenticated, so it fails even
        // where that id's key is the very key that sealed it.
        let relabelled = TokenSealer(keys: try KeyRing(text: "k1 \(testKey(1))\nk2 \(testKey(1))", path: "keys"))
        let tail = String(body)
        var candidates: [String] = ["v1.k1." + String(flipped), String(sealed.dropLast(4)), "v1.k1.", "v1.k1"]
        candidates += ["v2." + String(sealed.dropFirst(3)), "v1.k3." + tail, foreign, spotifyToken, ""]
        candidates += ["v1.k1." + tail + "=", "v1.." + tail]
        for candidate in candidates {
            #expect(throws: SealError.unsealable) { try old.open(candidate) }
        }
        #expect(throws: SealError.unsealable) { try relabelled.open("v1.k2." + tail) }
        #expect(try relabelled.open(sealed).token == spotifyToken)
    }
}
