import Testing
@testable import MarginViews

@Suite("TIME parsing")
struct TimeValueTests {
    @Test("parses every form the contract lists", arguments: [
        ("1:02:03", 3723), ("62:03", 3723), ("754", 754), ("12m34s", 754), ("1h2m3s", 3723),
        ("0", 0), ("0:05", 5), ("90s", 90), ("2h", 7200), ("1h30s", 3630), (" 12:34 ", 754), ("12M34S", 754),
    ])
    func parses(text: String, seconds: Int) {
        #expect(TimeValue(parsing: text)?.milliseconds == seconds * 1000)
    }

    @Test("rejects everything else", arguments: [
        "", "abc", "12:3", "1:60", "1:02:60", "-5", "1.5", "12m34", "34s12m", "1h1h", "1::2", ":30", "12:34:56:78",
        "٣٤", "1e3", "9999999999999999", "5 m", "h",
    ])
    func rejects(text: String) {
        #expect(TimeValue(parsing: text) == nil)
    }

    @Test("formats positions as m:ss or h:mm:ss")
    func formats() {
        #expect(TimeValue.format(milliseconds: 754_321) == "12:34")
        #expect(TimeValue.format(milliseconds: 3_723_000) == "1:02:03")
        #expect(TimeValue.format(milliseconds: 999) == "0:00")
        #expect(TimeValue.format(milliseconds: -5) == "0:00")
    }
}

@Suite("Terminal safety")
struct TerminalTests {
    @Test("control characters cannot reach the terminal")
    func sanitize() {
        #expect(Terminal.sanitize("a\u{1B}]0;title\u{07}b\rc\n") == "a\u{FFFD}]0;title\u{FFFD}b\u{FFFD}c\u{FFFD}")
        #expect(Terminal.sanitize("Ep. 42 — Naming things 🎧") == "Ep. 42 — Naming things 🎧")
        #expect(Terminal.sanitize("C1 \u{85} and \u{9F}, DEL \u{7F}; not \u{A0}") == "C1 \u{FFFD} and \u{FFFD}, DEL \u{FFFD}; not \u{A0}")
        // The byte-level shortcut agrees with Unicode's own category on every scalar.
        let scalars = (UInt32(0)...0x10FFFF).lazy.compactMap { Unicode.Scalar($0) }
        #expect(scalars.allSatisfy { Terminal.isControl($0) == ($0.properties.generalCategory == .control) })
    }
}
