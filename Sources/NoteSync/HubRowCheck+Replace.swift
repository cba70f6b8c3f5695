import Foundation
import NoteStore

extension HubRowCheck {
    /// The hub's `stored` row (counter `seq`) as a push meets it: nil when it stands, and a
    /// change not made on top of it is turned down as usual; else the row, reported as a pull
    /// reports it, that `incoming` replaces.
    ///
    /// A row whose stamps a pull refuses (one that is not a stamp, or is further ahead of the
    /// hub's clock, `hubNow`, than `sync.max-drift`) is older than any change whose stamps are
    /// sound: no machine applies it, so no machine's change is ever made on top of it, and its
    /// stamp would otherwise turn down every later change of the note. Every stamp of the row
    /// counts, as in a pull: the row's own and those of its text, tags and pin.
    ///
    /// Too far ahead is judged by the hub's clock, not this machine's: a machine whose clock is
    /// slow (or whose `sync.max-drift` is small) skips another's sound row when it pulls, but
    /// its change does not replace that row.
    func replacement(of stored: NoteDatabase.HubRecord, seq: Int64, by incoming: NoteDatabase.HubRecord, hubNow: Date) -> SkippedRow? {
        let hub = HubRowCheck(maxDrift: maxDrift, now: hubNow)
        guard hub.problem(stampsOf: incoming) == nil, let refused = hub.problem(stampsOf: stored) else { return nil }
        return SkippedRow(hubID: Self.printable(stored.id), reason: "row \(seq): \(refused); this machine's change replaced it on the hub")
    }

    /// The stamp under which the text of a replaced row, `stored`, is kept on the hub as a
    /// `conflict` version: its text's stamp, as for any text that lost, when a pull takes it;
    /// else the hub's time (`hubNow`), which every machine whose clock is near it takes.
    func keptStamp(of stored: NoteDatabase.HubRecord, hubNow: Date) -> String {
        let text = stored.parts.first ?? ""
        if HubRowCheck(maxDrift: maxDrift, now: hubNow).problem(stamp: text) == nil { return text }
        return HybridTimestamp(wallMs: Int64((hubNow.timeIntervalSince1970 * 1000).rounded(.down)), counter: 0, node: "hub").description
    }
}
