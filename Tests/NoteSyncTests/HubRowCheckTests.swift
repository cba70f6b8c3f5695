import Foundation
import Testing
@testable import NoteSync

/// The checks every pulled hub row goes through, read byte by byte.
@Suite("the hub row checks")
struct HubRowCheckTests {
    @Test("a stamp's wall clock is read from its text form; anything else is not a stamp", arguments: [
        ("1795458518905-00000003-abc", Int64(1_795_458_518_905)), ("0000000000000-00000000-a_b-C9", 0),
        ("", nil), ("zzzz", nil), ("1795458518905-00000003", nil), ("1795458518905-00000003-", nil),
        ("179545851890-00000003-abc", nil), ("1795458518905-0000000x-abc", nil), ("-795458518905-00000003-abc", nil),
        ("1795458518905-00000003-ab c", nil), ("1795458518905-00000003-é", nil),
        ("1795458518905-00000003-" + String(repeating: "a", count: 65), nil),
    ] as [(String, Int64?)])
    func stamps(text: String, wall: Int64?) {
        #expect(HubRowCheck.stampWallMs(text) == wall)
        if let wall { #expect(HybridTimestamp(text)?.wallMs == wall, "the same reading as the clock's own") }
    }

    @Test("a Spotify id is 22 ASCII letters and digits", arguments: [
        ("512ojhOuo1ktJprKbVcKyQ", true), ("512ojhOuo1ktJprKbVcKy", false), ("512ojhOuo1ktJprKbVcKy_", false),
        ("../../x", false), ("512ojhOuo1ktJprKbVcKé", false),
    ])
    func spotifyIDs(id: String, valid: Bool) {
        #expect(HubRowCheck.isSpotifyID(id) == valid)
    }
}
