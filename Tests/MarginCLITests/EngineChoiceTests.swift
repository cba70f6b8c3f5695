import Foundation
import TestSupport
import Testing

/// Which recognizer `transcribe.engine` (or `--engine`) and the other transcribe keys pick,
/// as `margin transcribe --engines` reports it. Whisper's runtime is kept out of reach, so that
/// the answers are the same on every machine.
@Suite("the recognizer the transcribe keys pick")
struct EngineChoiceTests {
    static let sphinxModel = "/usr/share/pocketsphinx/model/en-us"

    private func engine(_ sandbox: Sandbox, _ extra: String...) async throws -> String {
        let result = try await sandbox.run(["transcribe", "--engines"] + extra, env: ["MARGIN_WHISPER_VENV": sandbox.root + "/no-venv"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").first.map(String.init) ?? ""
    }

    @Test("the command engine without transcribe.command says what to set; auto takes a command that is set, else the model's engine")
    func command() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            #expect(try await sandbox.margin("config", "set", "transcribe.engine", "command").status == 0)
            let unset = try await engine(sandbox)
            #expect(unset == "engine: none usable: the command engine needs transcribe.command, which is not set; set it, e.g. "
                    + "margin config set transcribe.command 'whisper-cli -m ~/models/ggml-base.en.bin -nt -f' (the WAV file's path "
                    + "is appended), or choose another engine: 'margin transcribe --engines' says which are ready", "\(unset)")
            #expect(try await engine(sandbox, "--engine", "command").hasPrefix("engine: none usable: the command engine needs transcribe.command"))
            // auto: a command that is set wins over a PocketSphinx model.
            #expect(try await sandbox.margin("config", "set", "transcribe.engine", "auto").status == 0)
            #expect(try await sandbox.margin("config", "set", "transcribe.command", "cat").status == 0)
            #expect(try await sandbox.margin("config", "set", "transcribe.model", Self.sphinxModel).status == 0)
            #expect(try await engine(sandbox) == "engine: command 'cat' (transcribe.engine auto)")

            // Without a command, an engine named is taken whatever model is set; auto keeps to the model's engine.
            #expect(try await sandbox.margin("config", "unset", "transcribe.command").status == 0)
            #expect(try await engine(sandbox) == "engine: pocketsphinx, model \(Self.sphinxModel) (transcribe.engine auto)")
            #expect(try await engine(sandbox, "--engine", "whisper")
                == "engine: none usable: transcribe.model '\(Self.sphinxModel)' is not a model margin can use: a PocketSphinx model, and the engine is whisper (--engine whisper)")
            // A Whisper model with its runtime missing: auto falls back to PocketSphinx's own model.
            let whisperModel = sandbox.root + "/whisper-model"
            try FileManager.default.createDirectory(atPath: whisperModel, withIntermediateDirectories: true)
            for file in ["model.bin", "config.json", "tokenizer.json"] {
                try Data("{}".utf8).write(to: URL(fileURLWithPath: whisperModel + "/" + file))
            }
            #expect(try await sandbox.margin("config", "set", "transcribe.model", whisperModel).status == 0)
            #expect(try await engine(sandbox) == "engine: pocketsphinx, model \(Self.sphinxModel) (transcribe.engine auto)")
            #expect(try await engine(sandbox, "--engine", "whisper").hasPrefix("engine: none usable: the Whisper engine is not set up (runtime missing"))
            #expect(try await engine(sandbox, "--engine", "pocketsphinx") == "engine: pocketsphinx, model \(Self.sphinxModel) (--engine pocketsphinx)")
        }
    }
}
