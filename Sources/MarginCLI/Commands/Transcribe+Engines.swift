import Foundation
import MarginConfig
import Voice
import ArgumentParser

extension MarginCommand.Transcribe {
    /// `margin transcribe --engines`: which recognizer `transcribe.engine` picks, and for each
    /// engine what was found, where, and how to install what is missing.
    static func engineReport(_ settings: Settings, engine override: TranscribeEngine?) -> [String] {
        let configured = (try? settings.checked("transcribe.engine")) ?? "auto"
        var lines: [String] = []
        do {
            let chosen = try settings.transcriber(engine: override)
            let source = override.map { "--engine \($0.rawValue)" } ?? "transcribe.engine \(configured)"
            lines.append("engine: \(describe(chosen)) (\(source))")
        } catch {
            lines.append("engine: none usable: \((error as? any LocalizedError)?.errorDescription ?? String(describing: error))")
        }
        let setup = settings.whisperSetup()
        lines.append("whisper: " + (setup.launch == nil ? "not ready" : "ready"))
        lines.append("  runtime: " + (setup.python ?? "not found in \(setup.runtimesTried.joined(separator: ", "))"))
        lines.append("  helper: " + (setup.helper ?? "not found at \(setup.helpersTried.joined(separator: ", "))"))
        lines.append("  model: " + (setup.model ?? "not found at \(setup.modelsTried.joined(separator: ", "))"))
        lines += setup.remedies(dataDirectory: settings.paths.dataDirectory).map { "  " + $0 }
        let sphinxModel = settings.transcribeModel.flatMap { ModelKind.of($0) == .pocketSphinx ? $0 : nil } ?? PocketSphinx.defaultModel
        let sphinxProblem = PocketSphinx.libraryProblem() ?? PocketSphinx.modelProblem(sphinxModel)
        lines.append("pocketsphinx: " + (sphinxProblem == nil ? "ready" : "not ready"))
        lines.append("  model: \(sphinxModel)")
        if sphinxProblem != nil { lines.append("  install: apt-get install libpocketsphinx3 pocketsphinx-en-us") }
        let command = settings.config["transcribe.command"].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        lines.append("command: " + (command.map { "'\($0)'" } ?? "not set (margin config set transcribe.command '...')"))
        if let model = settings.transcribeModel, case .unusable(let reason) = ModelKind.of(model) {
            lines.append("transcribe.model '\(model)' is not a model margin can use: \(reason)")
        }
        return lines
    }

    private static func describe(_ transcriber: any Transcriber) -> String {
        switch transcriber {
        case let whisper as WhisperTranscriber: "whisper, model \(whisper.launch.model)"
        case let sphinx as IsolatedPocketSphinx: "pocketsphinx, model \(sphinx.model)"
        case let command as CommandTranscriber: "command '\(command.command)'"
        case let unavailable as UnavailableTranscriber: "none usable: \(unavailable.error.message)"
        default: transcriber.name
        }
    }
}

extension TranscribeEngine: ExpressibleByArgument {}
