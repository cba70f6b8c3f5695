import Foundation
import Voice

extension Settings {
    /// The recognizer: `transcribe.command` when set (run with `transcribe.timeout`, 120 s by
    /// default), else PocketSphinx with `transcribe.model` or Debian's US English model.
    func transcriber() throws(CLIError) -> any Transcriber {
        var timeout = Duration.seconds(120)
        if let raw = config["transcribe.timeout"], !raw.isEmpty {
            guard let seconds = Self.seconds(raw), seconds >= 1, seconds <= 3600 else {
                throw .invalidSetting(name: "transcribe.timeout", value: raw, example: "margin config set transcribe.timeout 120")
            }
            timeout = .milliseconds(Int(seconds * 1000))
        }
        if let command = config["transcribe.command"], !command.trimmingCharacters(in: .whitespaces).isEmpty {
            return CommandTranscriber(command: command, timeout: timeout)
        }
        guard let model = config["transcribe.model"], !model.isEmpty else { return PocketSphinx() }
        return PocketSphinx(model: model.hasPrefix("~/") ? paths.home + model.dropFirst(1) : model)
    }
}
