import Foundation
import NoteStore
import NoteTransfer

/// A hub row that a pull did not apply, and why: the contract's `{"hub_id": …, "reason": …}`.
public struct SkippedRow: Sendable, Equatable, Codable {
    /// The row's note id as the hub has it.
    public var hubID: String
    /// Why it was skipped, after its counter on the hub (`row 12: …`), to find it there.
    public var reason: String

    enum CodingKeys: String, CodingKey {
        case hubID = "hub_id", reason
    }
}

/// Every hub row is another member's (or anyone's) writing: each is checked as an import
/// checks a line before the store sees it. A row that fails is skipped, and the others go on.
struct HubRowCheck {
    /// How far in the future a stamp may be (`sync.max-drift`): a clock that is a little
    /// wrong is fine; a stamp from the year 9999 would win every later edit forever.
    var maxDrift: Duration
    var now: Date

    /// The longest text a note brought by a pull may have, in UTF-8 bytes.
    static let maxTextBytes = 1 << 20

    /// Why `record` cannot be applied; nil when it can.
    func problem(_ record: NoteDatabase.HubRecord) -> String? {
        if let problem = problem(stampsOf: record) { return problem }
        guard let body = record.body else { return nil }
        return problem(body: body, of: record)
    }

    /// ``problem(_:)``, the body read into `parsed` and kept there for the store when the
    /// import's parser takes it (the import's rules then check all but the id, the text's
    /// length and the times); any other body is read and checked field by field. `latest`
    /// is ``latestText``.
    func problem(_ record: NoteDatabase.HubRecord, parsed: inout ParsedNotes, latest: String) -> String? {
        if let problem = problem(stampsOf: record) { return problem }
        guard let body = record.body else { return nil }
        guard let number = parsed.read(body) else { return problem(body: body, of: record) }
        guard parsed.has(number, id: record.id) else { return problem(body: body, of: record) }
        let bytes = parsed.textBytes(number)
        guard bytes <= Self.maxTextBytes else {
            return "its text is \(bytes) bytes, more than the \(Self.maxTextBytes) a note may have"
        }
        if let name = parsed.timeAfter(number, latest) { return "its \(name) is in the future" }
        parsed.keep(number)
        return nil
    }

    /// The latest moment a row may carry in the canonical form, to the millisecond below.
    var latestText: String {
        NoteTimestamp.string(milliseconds: Int64((latest.timeIntervalSince1970 * 1000).rounded(.down)))
    }

    /// Why the id or the stamps of `record` are wrong; nil when they are right.
    func problem(stampsOf record: NoteDatabase.HubRecord) -> String? {
        guard Self.isNoteID(record.id) else { return "its id is not a note id" }
        for stamp in [record.hlc] + record.parts {
            if let problem = problem(stamp: stamp) { return problem }
        }
        guard record.parts.count == 3 else { return "it has \(record.parts.count) part stamps, not 3" }
        return nil
    }

    /// Why `body`, the JSON of `record`, cannot be applied; nil when it can.
    private func problem(body: String, of record: NoteDatabase.HubRecord) -> String? {
        guard let note = HubBody.decode(body) else { return "its body is not a note's JSON" }
        guard note.id == record.id else { return "its body is note \(Self.printable(note.id)), not the row's" }
        guard note.text.utf8.count <= Self.maxTextBytes else {
            return "its text is \(note.text.utf8.count) bytes, more than the \(Self.maxTextBytes) a note may have"
        }
        if let tag = note.tags.first(where: { !NoteTag.isValid($0) }) { return "its tag '\(Self.printable(tag))' is not a tag" }
        for (name, time) in [("created_at", note.createdAt), ("updated_at", note.updatedAt)] where time > latest {
            return "its \(name) is in the future"
        }
        if let pin = note.pin, let problem = problem(pin: pin) { return problem }
        if let problem = NoteSegment.problem(note.segments) { return "its segments are not segments: \(problem)" }
        return nil
    }

    /// Why `version` cannot be applied; nil when it can.
    func problem(_ version: NoteDatabase.HubVersion) -> String? {
        guard Self.isNoteID(version.id) else { return "its id is not a note id" }
        if let problem = problem(stamp: version.hlc) { return problem }
        guard ["edited", "conflict"].contains(version.kind) else { return "its kind is not 'edited' or 'conflict'" }
        guard let fields = HubBody.decodeVersion(version.body) else { return "its body is not an earlier text's JSON" }
        guard fields.text.utf8.count <= Self.maxTextBytes else { return "its text is more than \(Self.maxTextBytes) bytes" }
        guard NoteTimestamp.date(from: fields.updated_at) != nil else { return "its updated_at is not a time" }
        return nil
    }

    /// The latest moment a row may carry.
    private var latest: Date { now.addingTimeInterval(Double(maxDrift.components.seconds)) }

    /// Why `text` is not a stamp this machine takes (not one, or too far ahead); nil when it is.
    func problem(stamp text: String) -> String? {
        guard let wallMs = Self.stampWallMs(text) else { return "its stamp '\(Self.printable(text))' is not a stamp" }
        let wall = Date(timeIntervalSince1970: Double(wallMs) / 1000)
        guard wall <= latest else {
            return "its stamp is from \(NoteTimestamp.string(from: wall)), further ahead than sync.max-drift allows"
        }
        return nil
    }

    private func problem(pin: Pin) -> String? {
        guard pin.itemType == "episode" || pin.itemType == "track" else { return "its item type is not episode or track" }
        guard Self.isSpotifyID(pin.itemID) else { return "its item id is not a Spotify id" }
        guard pin.itemURI == "spotify:\(pin.itemType):\(pin.itemID)" else { return "its item uri does not match its item" }
        if let show = pin.showID, !Self.isSpotifyID(show) { return "its show id is not a Spotify id" }
        guard pin.progressMs >= 0 else { return "its position is negative" }
        if let duration = pin.durationMs, duration < 0 { return "its duration is negative" }
        return nil
    }

    /// A note id: a UUID in lower case.
    static func isNoteID(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if !((0x30...0x39).contains(byte) || (0x61...0x66).contains(byte)) {
                return false
            }
        }
        return true
    }

    /// A Spotify id: 22 base62 characters.
    static func isSpotifyID(_ id: String) -> Bool {
        id.utf8.count == 22 && id.utf8.allSatisfy(isAlphanumeric)
    }

    /// The wall-clock milliseconds of a stamp in its text form (`WWWWWWWWWWWWW-CCCCCCCC-NODE`,
    /// the node 1 to 64 ASCII letters, digits, `-` or `_`); nil when `text` is not one. Read
    /// byte by byte: a pull checks four stamps a row.
    static func stampWallMs(_ text: String) -> Int64? {
        var utf8 = text
        return utf8.withUTF8 { bytes -> Int64? in
            guard bytes.count >= 24, bytes.count <= 23 + 64, bytes[13] == UInt8(ascii: "-"), bytes[22] == UInt8(ascii: "-") else { return nil }
            var wall: Int64 = 0
            for index in 0..<22 where index != 13 {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                if index < 13 { wall = wall * 10 + Int64(digit) }
            }
            for byte in bytes[23...] where !isAlphanumeric(byte) && byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") {
                return nil
            }
            return wall
        }
    }

    /// An ASCII letter or digit.
    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// `text` for a message: control characters out, 60 characters at most.
    static func printable(_ text: String) -> String {
        String(text.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) }.prefix(60).map(Character.init))
    }
}
