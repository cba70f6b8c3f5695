import Foundation

/// How margin starts its Whisper helper: `PYTHON HELPER --model DIR --parent PID`.
public struct WhisperLaunch: Sendable, Equatable {
    /// The Python of the virtual environment that has faster-whisper and CTranslate2.
    public var python: String
    /// The `margin-whisper` program.
    public var helper: String
    /// A CTranslate2 Whisper model directory.
    public var model: String

    public init(python: String, helper: String, model: String) {
        self.python = python
        self.helper = helper
        self.model = model
    }

    /// The name in messages.
    public var name: String { "Whisper (model '\(model)')" }

    func arguments(parent: pid_t) -> [String] {
        [helper, "--model", model, "--parent", String(parent)]
    }
}
