import Foundation
import SpotifyClient
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
        let truncated = try #require(Base64URL.decode(body)).dropLast(3).base64URLEncodedString()
        var candidates: [String] = ["v1.k1." + String(flipped), "v1.k1." + truncated, "v1.k1.", "v1.k1"]
        candidates += ["v2." + String(sealed.dropFirst(3)), foreign, spotifyToken, ""]
        candidates += ["v1.." + tail]
        for candidate in candidates {
            #expect(throws: SealError.unsealable) { try old.open(candidate) }
        }
        #expect(throws: SealError.unsealable) { try relabelled.open("v1.k2." + tail) }
        #expect(try relabelled.open(sealed).token == spotifyToken)
    }

    @Test("a key id the keys file does not have is told apart from a token that does not open")
    func unknownKey() throws {
        let sealed = try rotated.seal(spotifyToken)
        #expect(throws: SealError.unknownKey) { try old.open(sealed) }
    }

    @Test("only canonical base64url opens: padding, other characters and a last character with stray bits are malformed")
    func canonical() throws {
        let sealed = try old.seal(spotifyToken)
        let tail = String(sealed.dropFirst("v1.k1.".count))
        #expect(tail.count % 4 != 0, "the sealed length leaves a partial last group")
        // The last character of a partial group carries bits that encode nothing; another
        // character with the same meaningful bits decodes to the same bytes.
        let last = try #require(tail.last)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let index = try #require(alphabet.firstIndex(of: last))
        let twin = String(tail.dropLast()) + String(alphabet[index + 1])
        #expect(Base64URL.decode(Substring(twin)) == nil)
        for candidate in ["v1.k1." + tail + "=", "v1.k1." + twin, "v1.k1." + tail.replacingOccurrences(of: "-", with: "+") + "+/"] {
            #expect(throws: SealError.malformed) { try old.open(candidate) }
        }
        #expect(try old.open(sealed).token == spotifyToken)
    }
}
