import Foundation
import MarginConfig
import Voice

/// The recognizers margin has, as `transcribe.engine` and `--engine` name them.
enum TranscribeEngine: String, CaseIterable, Sendable {
    case auto, whisper, pocketsphinx, command
}

extension Settings {
    /// The recognizer `engine` (else `transcribe.engine`, `auto` by default) names:
    /// - `auto`: `transcribe.command` when it is set; else Whisper when its runtime, helper and a
    ///   model are found and `transcribe.model` is unset or a Whisper model; else PocketSphinx;
    /// - `whisper`: margin's Whisper helper, kept running between notes (``WhisperTranscriber``);
    /// - `pocketsphinx`: PocketSphinx with `transcribe.model` or Debian's US English model;
    /// - `command`: `transcribe.command`.
    /// Every one runs out of process, within `transcribe.timeout` (120 s by default). Throws
    /// ``SettingError`` for a setting of the wrong form; an engine that is not there or a model
    /// margin cannot use is an ``UnavailableTranscriber``, so that the note is kept all the same.
    func transcriber(engine override: TranscribeEngine? = nil) throws -> any Transcriber {
        let timeout = try transcribeTimeout()
        let executable = IsolatedPocketSphinx.currentExecutable()
        let engine = try override ?? TranscribeEngine(rawValue: checked("transcribe.engine") ?? "auto") ?? .auto
        let command = config["transcribe.command"].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        let model = transcribeModel
        let kind = model.map(ModelKind.of)
        // A setting that cannot work is told when a note is transcribed: the note is still kept.
        if case .unusable(let reason) = kind, let model, engine != .command, !(engine == .auto && command != nil) {
            return UnavailableTranscriber(.modelUnusable(path: model, reason: reason))
        }
        switch engine {
        case .command, .auto where command != nil:
            guard let command else { throw SettingError.configKeyUnset("transcribe.command") }
            // Under margin's guard (`_guard`), so that the program ends should margin be killed.
            return CommandTranscriber(command: command, timeout: timeout, childGuard: ChildGuard(executable: executable))
        // auto with a PocketSphinx model (or what may be a broken one) set keeps to PocketSphinx.
        case .whisper, .auto where kind == nil || kind == .whisper:
            let setup = whisperSetup(executable: executable)
            if let launch = setup.launch { return WhisperTranscriber(launch: launch, timeout: timeout) }
            guard engine == .auto else {
                if kind == .pocketSphinx, let model {
                    return UnavailableTranscriber(.modelUnusable(path: model, reason: "a PocketSphinx model, and the engine is whisper"))
                }
                return UnavailableTranscriber(.whisperMissing(missing: setup.remedies(dataDirectory: paths.dataDirectory)))
            }
            fallthrough
        default:
            // PocketSphinx runs in a child process (margin itself, `_recognize`): its crash or a
            // broken model fails the transcription, never the capture.
            guard let model, kind == .pocketSphinx || kind == .unknown else { return IsolatedPocketSphinx(executable: executable, timeout: timeout) }
            return IsolatedPocketSphinx(model: model, executable: executable, timeout: timeout)
        }
    }

    /// `transcribe.model` with `~` expanded, or nil.
    var transcribeModel: String? {
        guard let model = config["transcribe.model"], !model.isEmpty else { return nil }
        return model.hasPrefix("~/") ? paths.home + model.dropFirst(1) : model
    }

    /// What the Whisper engine finds on this machine.
    func whisperSetup(executable: String = IsolatedPocketSphinx.currentExecutable()) -> WhisperSetup {
        let model = transcribeModel.flatMap { ModelKind.of($0) == .whisper ? $0 : nil }
        return WhisperSetup.find(environment: environment, dataDirectory: paths.dataDirectory, executable: executable,
                                 configuredModel: model)
    }
}
