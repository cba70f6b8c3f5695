/// Colour for what a person scans a listing for — ids, times, tags — on a terminal only.
///
/// Plain output stays byte for byte what it was: a palette that is off returns its text
/// untouched, and only a listing asked to paint gets escapes. Its rule, in
/// ``init(_:environment:stdoutIsTerminal:)``, is the one every command follows, the styles of
/// `watch`'s full-screen view included: nothing else decides whether margin colours.
public struct Palette: Sendable, Equatable {
    /// Whether escapes are written at all.
    public let enabled: Bool

    public static let plain = Palette(enabled: false)

    public init(enabled: Bool) { self.enabled = enabled }

    /// `auto`, `always` or `never`, with `NO_COLOR` (any non-empty value) and `TERM=dumb`
    /// turning `auto` off; `always` and `never` are the user's explicit word and win.
    public init(_ choice: ColorChoice, environment: [String: String], stdoutIsTerminal: Bool) {
        switch choice {
        case .always: enabled = true
        case .never: enabled = false
        case .auto:
            let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
            enabled = stdoutIsTerminal && !noColor && environment["TERM"] != "dumb"
        }
    }

    /// A note's short id: yellow, as git shows commits.
    public func id(_ text: String) -> String { paint(text, "33") }
    /// A position or a day: cyan.
    public func time(_ text: String) -> String { paint(text, "36") }
    /// Tags: magenta.
    public func tag(_ text: String) -> String { paint(text, "35") }

    private func paint(_ text: String, _ code: String) -> String {
        guard enabled, !text.isEmpty else { return text }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}

/// `--color`: when margin colours what it writes.
public enum ColorChoice: String, Sendable, CaseIterable {
    case auto, always, never
}
