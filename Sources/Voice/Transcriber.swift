/// Turns speech into text on this machine.
public protocol Transcriber: Sendable {
    /// A name for messages: "PocketSphinx", or the configured command.
    var name: String { get }
    /// The text of `audio`, stored at `file` (a 16-bit mono WAV, for programs that read files).
    func transcribe(_ audio: PCMAudio, file: String) async throws(VoiceError) -> String
    /// The text of `audio` with where in it each stretch was said, for recognizers that know
    /// (Whisper); the others give the text alone, without segments.
    func timedTranscript(_ audio: PCMAudio, file: String) async throws(VoiceError) -> TimedTranscript
    /// Starts, in the background, what the recognizer needs before the audio is there (a
    /// model to load), so that it loads while the user speaks.
    func prepare()
}

extension Transcriber {
    public func prepare() {}

    public func timedTranscript(_ audio: PCMAudio, file: String) async throws(VoiceError) -> TimedTranscript {
        TimedTranscript(text: try await transcribe(audio, file: file))
    }
}

/// The longest transcript a note keeps. A recognizer that prints more (a loop that never
/// ends, the wrong program) has its output read up to here, the rest read and dropped, and
/// the note says what fits, cut at a word; margin tells the user.
public enum TranscriptLimit {
    /// In UTF-8 bytes: 1 MiB, some 180 000 words, a day of speech. The longest text a note
    /// may have on the hub (`HubRowCheck.maxTextBytes`), so that a transcript travels.
    public static let bytes = 1 << 20
    /// How much of a recognizer's output is read before the rest is dropped: twice the limit,
    /// as runs of spaces and line ends shrink to one space each.
    static let readBytes = 2 * bytes

    /// `text` cut to ``bytes`` at the last space before it (at a character when there is
    /// none), and whether it was cut.
    /// What margin says when a transcript was cut.
    public static let warning = "the transcript is longer than the 1 MiB a note keeps; the note keeps its beginning, cut at a word"

    public static func apply(_ text: String) -> (text: String, cut: Bool) {
        let utf8 = text.utf8
        guard utf8.count > bytes else { return (text, false) }
        var end = bytes
        let head = Array(utf8.prefix(bytes + 1))
        // Back to the start of a scalar (never inside one), then to the last space, if any.
        while end > 0, head[end] & 0xC0 == 0x80 { end -= 1 }
        if let space = head[..<end].lastIndex(of: 0x20) { end = space }
        return (String(decoding: head[..<end], as: UTF8.self), true)
    }
}

extension String {
    /// A transcript as a note's text: words separated by single spaces.
    var normalizedTranscript: String {
        split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
    }
}

/// How far a transcript is from what was said.
public enum WordErrorRate {
    /// Word-level edit distance (substitutions, insertions, deletions) over the reference's
    /// length; the transcript's words are compared in lower case.
    public static func of(_ transcript: String, reference: [String]) -> Double {
        let words = transcript.lowercased().split(separator: " ").map(String.init)
        var previous = Array(0...words.count)
        for (i, expected) in reference.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: words.count)
            for (j, word) in words.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (expected == word ? 0 : 1))
            }
            previous = current
        }
        return Double(previous[words.count]) / Double(max(reference.count, 1))
    }
}
