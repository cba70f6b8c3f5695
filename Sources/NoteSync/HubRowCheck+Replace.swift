import NoteStore

extension HubRowCheck {
    /// The hub's `stored` row (counter `seq`) as a push meets it: nil when it stands, and a
    /// change not made on top of it is turned down as usual; else the row, reported as a pull
    /// reports it, that `incoming` replaces.
    ///
    /// A row whose stamps a pull refuses (one that is not a stamp, or is further ahead of this
    /// machine's clock than `sync.max-drift`) is older than any change whose stamps are sound:
    /// no machine applies it, so no machine's change is ever made on top of it, and its stamp
    /// would otherwise turn down every later change of the note. Every stamp of the row counts,
    /// as in a pull: the row's own and those of its text, tags and pin.
    func replacement(of stored: NoteDatabase.HubRecord, seq: Int64, by incoming: NoteDatabase.HubRecord) -> SkippedRow? {
        guard problem(stampsOf: incoming) == nil, let refused = problem(stampsOf: stored) else { return nil }
        return SkippedRow(hubID: Self.printable(stored.id), reason: "row \(seq): \(refused); this machine's change replaced it on the hub")
    }
}
