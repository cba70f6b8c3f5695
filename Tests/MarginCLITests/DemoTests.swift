import Foundation
import Testing

/// `make demo`: scripts/demo.sh against the built binaries, as a fresh machine runs it.
@Suite("make demo")
struct DemoTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("runs to the end: quotes kept as typed, watch takes a note by key, positions fresh after play")
    func demo() async throws {
        let script = Self.root.appendingPathComponent("scripts/demo.sh").path
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "TMPDIR": NSTemporaryDirectory()]
        let result = try await MarginProcess.run([script, MarginProcess.productsDirectory.path], environment: environment,
                                                 executable: "/bin/bash", timeout: .seconds(240))
        let output = result.output
        #expect(result.status == 0, "\(output)")
        #expect(output.hasSuffix("demo: done\n"), "\(output)")
        #expect(output.contains(#"$ margin note "the bit about naming things" --tag naming"#))
        #expect(output.contains(#"$ margin find "deleting code""#))
        #expect(output.contains(#"$ margin edit "#) && output.contains(#" "cache stampedes: the laptop's words""#))

        // The watch section: the view drawn, the note typed after n listed, the footer saying so.
        let watch = try #require(Self.section("$ margin watch", in: output))
        #expect(watch.contains("Ep. 42 — Naming things") && Self.fresh(watch, after: "▶ "), "\(watch)")
        #expect(watch.contains("a good name says why, not what #naming"), "\(watch)")
        #expect(watch.contains("saved "), "\(watch)")
        #expect(output.contains("a good name says why, not what #naming · "), "the watch note is exported")

        // Where margin itself played from, not a position cached before.
        let listing = try #require(Self.section("$ margin episodes --show", in: output))
        let naming = listing.split(separator: "\n").first { $0.contains("Ep. 42") } ?? ""
        #expect(Self.fresh(String(naming), after: "notes"), "\(listing)")
        let errors = listing.split(separator: "\n").first { $0.contains("Ep. 43") } ?? ""
        #expect(errors.contains("0:0") && errors.contains("/ 55:12"), "\(listing)")
    }

    /// Whether the first position after `marker` in `text` is near where the demo's episode
    /// plays (12:34, or 12:2x after a `back`) or a little after: the episode plays on while the
    /// demo runs, longer on a loaded machine, but a position cached before the demo's own
    /// `play` would be far from it.
    static func fresh(_ text: String, after marker: String) -> Bool {
        guard let start = text.range(of: marker),
              let match = text[start.upperBound...].firstMatch(of: /(\d+):(\d\d)/),
              let minutes = Int(match.1), let seconds = Int(match.2) else { return false }
        let at = minutes * 60 + seconds
        return at >= 12 * 60 && at < 14 * 60
    }

    /// The lines after the command line starting with `command`, up to the next command line.
    static func section(_ command: String, in output: String) -> String? {
        guard let start = output.range(of: "\n" + command) else { return nil }
        let rest = output[start.upperBound...]
        let end = rest.range(of: "\n$ ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }
}
