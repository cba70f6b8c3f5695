import NoteStore
/// What an import did, record by record: the four counts add up to the number of records.
///
/// Encodes as `{"added":…,"updated":…,"unchanged":…,"conflicts":…}`.
public struct ImportCounts: Sendable, Equatable, Encodable {
    /// Records whose id was new to the store.
    public var added: Int
    /// Records that replaced a stored note with an older `updated_at`.
    public var updated: Int
    /// Records identical to the stored note with their id (`updated_at` aside), which was kept.
    public var unchanged: Int
    /// Records that differ from the stored note with their id but are not newer than it; the
    /// stored note was kept.
    public var conflicts: Int
    /// The ids of the first ``listedConflicts`` conflicting records, in input order.
    public var conflictIDs: [String]

    /// How many conflicting ids ``conflictIDs`` keeps.
    public static let listedConflicts = 20

    /// Creates counts.
    public init(added: Int = 0, updated: Int = 0, unchanged: Int = 0, conflicts: Int = 0, conflictIDs: [String] = []) {
        self.added = added
        self.updated = updated
        self.unchanged = unchanged
        self.conflicts = conflicts
        self.conflictIDs = conflictIDs
    }

    /// The counts; the ids are for people, not scripts.
    enum CodingKeys: String, CodingKey {
        case added, updated, unchanged, conflicts
    }
}

extension ImportCounts {
    /// Counts one record's outcome; `id` names a conflicting record.
    mutating func count(_ outcome: ImportRecord.Outcome, id: @autoclosure () -> String) {
        switch outcome {
        case .added: added += 1
        case .updated: updated += 1
        case .unchanged: unchanged += 1
        case .conflict:
            conflicts += 1
            if conflictIDs.count < Self.listedConflicts { conflictIDs.append(id()) }
        }
    }
}
