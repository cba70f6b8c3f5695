/// Turns speech into text on this machine.
public protocol Transcriber: Sendable {
    /// A name for messages: "PocketSphinx", or the configured command.
    var name: String { get }
    /// The text of `audio`, stored at `file` (a 16-bit mono WAV, for programs that read files).
    func transcribe(_ audio: PCMAudio, file: String) async throws(VoiceError) -> String
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
