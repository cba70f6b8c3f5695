/// A recognizer that cannot run here (a model of a kind margin cannot use, an engine that is
/// not installed): the voice note is still recorded and kept, and its transcription fails
/// with `error`, for `margin transcribe` once the setting is fixed.
public struct UnavailableTranscriber: Transcriber {
    public var error: VoiceError

    public init(_ error: VoiceError) { self.error = error }

    public var name: String { "none" }

    public func transcribe(_ audio: PCMAudio, file: String) async throws(VoiceError) -> String {
        throw error
    }
}
