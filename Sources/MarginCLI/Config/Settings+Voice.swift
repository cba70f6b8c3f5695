import FileSafety
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
        let executable = ChildProcess.ownExecutable()
        let engine = try override ?? TranscribeEngine(rawValue: checked("transcribe.engine") ?? "auto") ?? .auto
        let command = config["transcribe.command"].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        let model = transcribeModel
        let kind = model.map(ModelKind.of)
        // A setting that cannot work is told when a note is transcribed: the note is still kept.
        if case .unusable(let reason) = kind, let model, engine != .command, !(engine == .auto && command != nil) {
            return UnavailableTranscriber(.modelUnusable(path: model, reason: reason))
        }
        // What `auto` picks: transcribe.command when it is set; else Whisper, unless a
        // PocketSphinx model (or what may be a broken one) is set, which keeps it to PocketSphinx.
        // An engine named (`command`, `whisper`) is taken whatever is set, and says what it lacks.
        let chosen: TranscribeEngine
        switch engine {
        case .auto where command != nil: chosen = .command
        case .auto where kind == nil || kind == .whisper: chosen = .whisper
        case .auto: chosen = .pocketsphinx
        default: chosen = engine
        }
        switch chosen {
        case .command:
            guard let command else { throw SettingError.noTranscribeCommand }
            // Under margin's guard (`_guard`), so that the program ends should margin be killed.
            return CommandTranscriber(command: command, timeout: timeout, childGuard: ChildGuard(executable: executable))
        case .whisper:
            let setup = whisperSetup(executable: executable)
            if let launch = setup.launch { return WhisperTranscriber(launch: launch, timeout: timeout) }
            guard engine == .auto else {
                if kind == .pocketSphinx, let model {
                    return UnavailableTranscriber(.modelUnusable(path: model, reason: "a PocketSphinx model, and the engine is whisper"))
                }
                return UnavailableTranscriber(.whisperMissing(missing: setup.remedies(dataDirectory: paths.dataDirectory)))
            }
            return pocketSphinx(model: model, kind: kind, executable: executable, timeout: timeout)
        case .pocketsphinx, .auto:
            return pocketSphinx(model: model, kind: kind, executable: executable, timeout: timeout)
        }
    }

    /// PocketSphinx in a child process (margin itself, `_recognize`): its crash or a broken model
    /// fails the transcription, never the capture. `model` is used when it is (or may be) a
    /// PocketSphinx model; else Debian's US English model.
    private func pocketSphinx(model: String?, kind: ModelKind?, executable: String, timeout: Duration) -> IsolatedPocketSphinx {
        guard let model, kind == .pocketSphinx || kind == .unknown else { return IsolatedPocketSphinx(executable: executable, timeout: timeout) }
        return IsolatedPocketSphinx(model: model, executable: executable, timeout: timeout)
    }

    /// `transcribe.model` with `~` expanded, or nil.
    var transcribeModel: String? {
        guard let model = config["transcribe.model"], !model.isEmpty else { return nil }
        return model.hasPrefix("~/") ? paths.home + model.dropFirst(1) : model
    }

    /// What the Whisper engine finds on this machine.
    func whisperSetup(executable: String = ChildProcess.ownExecutable()) -> WhisperSetup {
        let model = transcribeModel.flatMap { ModelKind.of($0) == .whisper ? $0 : nil }
        return WhisperSetup.find(environment: environment, dataDirectory: paths.dataDirectory, executable: executable,
                                 configuredModel: model)
    }
}
