import Foundation

/// What kind of model a directory (or file) holds, by the files in it: nothing is loaded.
public enum ModelKind: Equatable, Sendable {
    /// A CTranslate2 Whisper model: `model.bin`, `config.json` and `tokenizer.json`.
    case whisper
    /// A PocketSphinx model: an acoustic model, a language model and a dictionary.
    case pocketSphinx
    /// A model of a kind margin cannot use; `reason` says what it is and what to do instead.
    case unusable(reason: String)
    /// Nothing recognizable (missing, empty, a PocketSphinx model with files missing): taken as
    /// a PocketSphinx model, whose checks name what is missing.
    case unknown

    public static func of(_ path: String) -> ModelKind {
        var directory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &directory) else { return .unknown }
        guard directory.boolValue else {
            let name = (path as NSString).lastPathComponent
            if name.hasPrefix("ggml") || name.hasSuffix(".gguf") {
                return .unusable(reason: "a whisper.cpp (ggml) model file; margin needs a CTranslate2 Whisper model directory, or run whisper.cpp through transcribe.command")
            }
            return .unusable(reason: "a file, not a model directory")
        }
        if isWhisper(path) { return .whisper }
        if (try? PocketSphinx.files(in: path)) != nil { return .pocketSphinx }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        if names.contains(where: { $0.hasSuffix(".safetensors") || $0 == "pytorch_model.bin" || $0.hasSuffix(".pt") }) {
            return .unusable(reason: "a PyTorch or Hugging Face model; convert it with ct2-transformers-converter to a CTranslate2 model")
        }
        if names.contains("model.bin") { return .unusable(reason: "a CTranslate2 model without config.json or tokenizer.json") }
        return .unknown
    }

    static func isWhisper(_ directory: String) -> Bool {
        ["model.bin", "config.json", "tokenizer.json"].allSatisfy {
            ((try? FileManager.default.attributesOfItem(atPath: directory + "/" + $0))?[.size] as? Int ?? 0) > 0
        }
    }
}
