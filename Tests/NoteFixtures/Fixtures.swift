import Foundation
import NoteStore

/// The permission bits of a file or directory.
public func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
}

/// 2026-11-21T09:15:02.123Z and the moments after it.
public func moment(_ offsetSeconds: Double = 0) -> Date {
    Date(timeIntervalSince1970: 1_795_252_502.123 + offsetSeconds)
}

/// A clock stuck at one moment, for `updatedAt`.
public func fixedClock(_ date: Date) -> @Sendable () -> Date {
    { date }
}

/// A pin to an episode of the "Craft, Code & Curiosity" show.
public func episodePin(
    _ itemID: String = "512ojhOuo1ktJprKbVcKyQ", at progressMs: Int = 754_321,
    show: String? = "5CfCWKI5pZ28U0uOzXkDHe", named: Bool = true
) -> Pin {
    Pin(
        itemType: "episode", itemID: itemID, itemURI: "spotify:episode:\(itemID)",
        itemName: named ? "Ep. 42 — Naming things" : nil,
        showID: named ? show : nil, showName: named && show != nil ? "Craft, Code & Curiosity" : nil,
        progressMs: progressMs, durationMs: named ? 3_723_000 : nil)
}

/// A note with a fixed, readable id (`<prefix>…` padded to a UUID's shape).
public func note(
    _ text: String, id: String? = nil, tags: [String] = [], at offset: Double = 0, pin: Pin? = nil
) -> Note {
    Note(
        id: id ?? UUID().uuidString.lowercased(), text: text, tags: tags,
        createdAt: moment(offset), pin: pin)
}

/// What is wrong with `store` (SQLite's, FTS5's and margin's own checks, and a schema that is
/// whole again); empty when nothing is.
public func integrityProblems(_ store: NoteDatabase) throws -> [String] {
    try store.integrity().problems
}
