/// A hybrid logical clock stamp: wall-clock milliseconds, a counter, and the node that made it.
///
/// Stamps order changes: a later stamp wins. The store's triggers make one per change (see
/// `NoteDatabase+SchemaV7.swift`): the wall clock when it has moved past the last stamp, else
/// the last stamp's millisecond with the counter one higher. A pull moves the clock past every
/// stamp it brings (``NoteDatabase/receive(_:)``), so an edit made after seeing another always
/// wins over it, however wrong either machine's clock is; the node id breaks the remaining
/// ties the same way everywhere.
///
/// The text form `WWWWWWWWWWWWW-CCCCCCCC-NODE` has fixed-width numbers, so stamps compare as
/// text in PostgreSQL and SQLite exactly as they compare here.
public struct HybridTimestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var wallMs: Int64
    public var counter: Int64
    public var node: String

    public init(wallMs: Int64, counter: Int64, node: String) {
        self.wallMs = wallMs
        self.counter = counter
        self.node = node
    }

    /// Reads the text form; nil when it is not one.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 13, parts[1].count == 8,
              let wall = Int64(parts[0]), let counter = Int64(parts[1]), wall >= 0, counter >= 0, !parts[2].isEmpty
        else { return nil }
        self.init(wallMs: wall, counter: counter, node: String(parts[2]))
    }

    public var description: String {
        Self.padded(wallMs, 13) + "-" + Self.padded(counter, 8) + "-" + node
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.wallMs, lhs.counter, lhs.node) < (rhs.wallMs, rhs.counter, rhs.node)
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
