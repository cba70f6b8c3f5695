import Foundation

/// A recognizer that can decode while the user speaks: samples go in as they are recorded.
public protocol StreamingTranscriber: Transcriber {
    /// A decoding under way; ``RecognizerProcess/finish()`` gives the transcript.
    func streaming() async throws(VoiceError) -> RecognizerProcess
}

/// PocketSphinx run out of process: margin's own executable as
/// `margin _recognize --model DIR --parent PID (FILE | -)`. A truncated model file, a crash
/// inside PocketSphinx or a decode that never ends fails the transcription, naming the
/// model, while margin and the recording carry on.
public struct IsolatedPocketSphinx: StreamingTranscriber {
    public var model: String
    /// margin's executable, which runs the recognizer when given `_recognize`.
    public var executable: String
    public var timeout: Duration

    public init(model: String = PocketSphinx.defaultModel, executable: String, timeout: Duration = .seconds(120)) {
        self.model = model
        self.executable = executable
        self.timeout = timeout
    }

    public var name: String { "PocketSphinx" }

    /// The hidden subcommand the child runs.
    public static let subcommand = "_recognize"

    /// Decodes `file`; with none (the recording could not be kept) `audio`, through a pipe.
    public func transcribe(_ audio: PCMAudio, file: String) async throws(VoiceError) -> String {
        try PocketSphinx.files(in: model)
        guard file.isEmpty else { return try await start(reading: file).finish() }
        let decoder = try await start(reading: "-")
        let speech = audio.rate == PCMAudio.speechRate ? audio : audio.resampled(to: PCMAudio.speechRate)
        decoder.feed(speech.samples)
        return try await decoder.finish()
    }

    public func streaming() async throws(VoiceError) -> RecognizerProcess {
        try PocketSphinx.files(in: model)
        return try await start(reading: "-")
    }

    private func start(reading source: String) async throws(VoiceError) -> RecognizerProcess {
        try RecognizerProcess(
            executable: executable, arguments: [Self.subcommand, "--model", model, "--parent", String(getpid()), source],
            streaming: source == "-", name: "PocketSphinx (model '\(model)')", timeout: timeout)
    }
}
