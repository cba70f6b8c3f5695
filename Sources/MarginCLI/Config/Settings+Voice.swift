import Foundation
import MarginConfig
import Voice

extension Settings {
    /// The recognizer: `transcribe.command` when set (run with `transcribe.timeout`, 120 s by
    /// default), else PocketSphinx with `transcribe.model` or Debian's US English model.
    func transcriber() throws(SettingError) -> any Transcriber {
        let timeout = try transcribeTimeout()
        if let command = config["transcribe.command"], !command.trimmingCharacters(in: .whitespaces).isEmpty {
            return CommandTranscriber(command: command, timeout: timeout)
        }
        guard let model = config["transcribe.model"], !model.isEmpty else { return PocketSphinx() }
        return PocketSphinx(model: model.hasPrefix("~/") ? paths.home + model.dropFirst(1) : model)
    }
}
