import Foundation
import MarginConfig
import Voice

extension Settings {
    /// The recognizer: `transcribe.command` when set, else PocketSphinx with `transcribe.model`
    /// or Debian's US English model; either runs out of process, within `transcribe.timeout`
    /// (120 s by default).
    func transcriber() throws(SettingError) -> any Transcriber {
        let timeout = try transcribeTimeout()
        let executable = IsolatedPocketSphinx.currentExecutable()
        if let command = config["transcribe.command"], !command.trimmingCharacters(in: .whitespaces).isEmpty {
            // Under margin's guard (`_guard`), so that the program ends should margin be killed.
            return CommandTranscriber(command: command, timeout: timeout, childGuard: ChildGuard(executable: executable))
        }
        // PocketSphinx runs in a child process (margin itself, `_recognize`): its crash or a
        // broken model fails the transcription, never the capture.
        guard let model = config["transcribe.model"], !model.isEmpty else {
            return IsolatedPocketSphinx(executable: executable, timeout: timeout)
        }
        return IsolatedPocketSphinx(model: model.hasPrefix("~/") ? paths.home + model.dropFirst(1) : model,
                                    executable: executable, timeout: timeout)
    }
}
