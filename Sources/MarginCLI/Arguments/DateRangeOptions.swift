import ArgumentParser
import Foundation
import MarginViews

/// `--since DATE` and `--until DATE`: the times a listing keeps notes between, in the local
/// time zone. `list`, `search` and `export` share them, and the words they mean.
struct DateRangeOptions: ParsableArguments {
    @Option(help: "Only notes taken since: \(DateValue.examples).", transform: DateArgument.argument) var since: DateArgument?
    @Option(help: "Only notes taken up to: the same forms; a day is kept whole (--until yesterday keeps all of yesterday).",
            transform: DateArgument.argument) var until: DateArgument?

    /// The start of the range, when there is one.
    var start: Date? { since?.date }
    /// The moment the range stops before, when there is one.
    var end: Date? { until?.end }

    /// Refuses a range that ends before it starts, in one line (exit 64): the words parsed, so
    /// no usage line is added.
    func check() throws(DateRangeError) {
        guard let since, let until, since.date >= until.end else { return }
        throw .reversed(since: since.typed, start: since.date, until: until.typed, end: until.end)
    }

    /// For `--verbose`: what each DATE meant, then the range of creation times kept, in local
    /// time (the end not included: it is the first moment left out).
    func report() {
        if let since { Console.err("margin: \(since.resolved(as: "--since"))") }
        if let until { Console.err("margin: \(until.resolvedEnd())") }
        guard since != nil || until != nil else { return }
        let from = since.map { LocalTime.day($0.date) + " " + LocalTime.clock($0.date) } ?? "the first note"
        let to = until.map { LocalTime.day($0.end) + " " + LocalTime.clock($0.end) } ?? "now"
        let tail = until == nil ? "" : " (the end not included)"
        Console.err("margin: notes taken from \(from) to \(to) \(TimeZone.current.identifier)\(tail)")
    }
}
