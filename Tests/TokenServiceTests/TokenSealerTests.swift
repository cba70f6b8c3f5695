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

    /// Hexadecimal text as bytes.
    static func bytes(_ hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex), let byte = UInt8(hex[index..<next], radix: 16) {
            bytes.append(byte)
            index = next
        }
        return bytes
    }

    @Test("the box is AES-256-GCM as the standard defines it: its test case 16 opens, and with one bit changed it does not")
    func standardVector() throws {
        // McGrew and Viega, The Galois/Counter Mode of Operation, test case 16: a 256-bit key,
        // a 96-bit nonce, associated data. Tokens sealed before this implementation open the same way.
        let key = SealingKey(bytes: Self.bytes("feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308"))
        let nonce = Self.bytes("cafebabefacedbaddecaf888")
        let plain = Self.bytes("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39")
        let aad = Self.bytes("feedfacedeadbeeffeedfacedeadbeefabaddad2")
        let sealed = Self.bytes("522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662")
        let tag = Self.bytes("76fc6ece0f4e1768cddf8853bb2d551b")
        #expect(TokenSealer.open(nonce + sealed + tag, key: key, authenticating: aad) == plain)
        var flipped = nonce + sealed + tag
        flipped[flipped.count - 1] ^= 1
        #expect(TokenSealer.open(flipped, key: key, authenticating: aad) == nil)
        #expect(TokenSealer.open(nonce + sealed + tag, key: key, authenticating: aad + [0]) == nil)
        // Sealing picks a new nonce each time: the same text never seals to the same box.
        let first = try #require(TokenSealer.seal(plain, key: key, authenticating: aad))
        let second = try #require(TokenSealer.seal(plain, key: key, authenticating: aad))
        #expect(first.count == plain.count + 28 && first != second)
        #expect(TokenSealer.open(first, key: key, authenticating: aad) == plain)
        #expect(TokenSealer.open([], key: key, authenticating: aad) == nil)
    }
}
