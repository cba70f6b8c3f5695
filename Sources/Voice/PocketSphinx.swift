import CPocketSphinx
import Foundation

/// The built-in recognizer: PocketSphinx with a US English model (Debian's pocketsphinx-en-us).
///
/// Its general model gets roughly a quarter to two fifths of the words of read speech wrong:
/// a draft transcript, which is why the recording is always kept.
public struct PocketSphinx: Transcriber {
    /// Debian's model directory.
    public static let defaultModel = "/usr/share/pocketsphinx/model/en-us"

    /// A directory holding the acoustic model (`en-us/`, or the directory itself), a language
    /// model (`*.lm.bin`, `*.lm`) and a dictionary (`*.dict`, `*.dic`).
    public var model: String

    public init(model: String = PocketSphinx.defaultModel) {
        self.model = model
    }

    public var name: String { "PocketSphinx" }

    public func transcribe(_ audio: PCMAudio, file: String) async throws(VoiceError) -> String {
        let decoder = try Decoder(model: model)
        let speech = audio.rate == PCMAudio.speechRate ? audio : audio.resampled(to: PCMAudio.speechRate)
        decoder.feed(speech.samples)
        return decoder.finish()
    }

    /// Why PocketSphinx's library cannot be opened, or nil when it can.
    public static func libraryProblem() -> String? {
        margin_ps_load().map { String(cString: $0) }
    }

    /// What is wrong with `model`, or nil when its files are all there.
    public static func modelProblem(_ model: String) -> String? {
        do throws(VoiceError) {
            try files(in: model)
            return nil
        } catch {
            return error.message
        }
    }

    /// The files of `model`: acoustic model, language model, dictionary. What is cheap to
    /// check is checked here, before anything is decoded: each file the decoder opens is
    /// there, is a file and is not empty. (A file cut short inside is caught by running the
    /// decoder in a child process: see ``IsolatedPocketSphinx``.)
    @discardableResult
    static func files(in model: String) throws(VoiceError) -> (hmm: String, lm: String, dict: String) {
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: model)) ?? []
        let hmm = names.contains("en-us") ? model + "/en-us" : model
        let lm = names.sorted().first { $0.hasSuffix(".lm.bin") && !$0.contains("phone") } ?? names.first { $0.hasSuffix(".lm") }
        let dict = names.sorted().first { $0.hasSuffix(".dict") || $0.hasSuffix(".dic") }
        guard let lm, let dict, manager.fileExists(atPath: hmm + "/mdef") else { throw .modelMissing(directory: model) }
        let acoustic = ["mdef", "means", "variances", "transition_matrices"].map { hmm + "/" + $0 }
        for file in acoustic + [model + "/" + lm, model + "/" + dict] {
            let size = (try? manager.attributesOfItem(atPath: file))?[.size] as? Int ?? 0
            guard size > 0 else { throw .modelBroken(directory: model, file: file) }
        }
        return (hmm, model + "/" + lm, model + "/" + dict)
    }

    /// One utterance being decoded: samples are fed as they arrive, so that the transcript is
    /// ready moments after the speaker stops. Used by one task at a time.
    public final class Decoder {
        private let decoder: OpaquePointer

        public init(model: String) throws(VoiceError) {
            if let reason = margin_ps_load() { throw .recognizerMissing(reason: String(cString: reason)) }
            let files = try PocketSphinx.files(in: model)
            guard let decoder = margin_ps_open(files.hmm, files.lm, files.dict) else { throw .modelMissing(directory: model) }
            self.decoder = decoder
            margin_ps_start(decoder)
        }

        deinit { margin_ps_close(decoder) }

        /// Decodes 16 kHz mono samples.
        public func feed(_ samples: [Int16]) {
            guard !samples.isEmpty else { return }
            samples.withUnsafeBufferPointer { buffer in
                _ = margin_ps_process(decoder, buffer.baseAddress, buffer.count)
            }
        }

        /// Ends the utterance and gives its best hypothesis ("" when nothing was recognized).
        public func finish() -> String {
            guard let hypothesis = margin_ps_finish(decoder) else { return "" }
            return String(cString: hypothesis).normalizedTranscript
        }
    }
}
