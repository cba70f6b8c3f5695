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
