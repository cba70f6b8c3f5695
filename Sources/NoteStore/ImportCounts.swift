/// What an import did, record by record: the three counts add up to the number of records.
///
/// Encodes as `{"added":…,"updated":…,"unchanged":…}`.
public struct ImportCounts: Sendable, Equatable, Codable {
    /// Records whose id was new to the store.
    public var added: Int
    /// Records that replaced a stored note with an older `updated_at`.
    public var updated: Int
    /// Records identical to, or not newer than, the stored note with their id; the stored
    /// note was kept.
    public var unchanged: Int

    /// Creates counts.
    public init(added: Int = 0, updated: Int = 0, unchanged: Int = 0) {
        self.added = added
        self.updated = updated
        self.unchanged = unchanged
    }
}

extension ImportCounts {
    /// Counts one record's outcome.
    mutating func count(_ outcome: ImportRecord.Outcome) {
        switch outcome {
        case .added: added += 1
        case .updated: updated += 1
        case .unchanged: unchanged += 1
        }
    }
}
