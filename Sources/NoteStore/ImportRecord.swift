/// One note of an import, validated and in the form the store keeps: lowercase id, tags
/// normalized, times in the contract's canonical text.
///
/// Kept apart from ``Note`` so that a million-row import binds its strings straight into the
/// insert statement, without `Date` conversions and back.
struct ImportRecord: Equatable {
    var id: String
    var text: String
    var tags: [String]
    /// `2026-11-21T09:15:02.123Z`.
    var createdAt: String
    /// `2026-11-21T09:15:02.123Z`; decides which of two versions of a note wins.
    var updatedAt: String
    var pin: Pin?

    /// What writing this record did.
    enum Outcome {
        case added, updated, unchanged
    }
}
