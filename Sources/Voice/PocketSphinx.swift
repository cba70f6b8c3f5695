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

    /// The files of `model`: acoustic model, language model, dictionary.
    static func files(in model: String) throws(VoiceError) -> (hmm: String, lm: String, dict: String) {
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: model)) ?? []
        let hmm = names.contains("en-us") ? model + "/en-us" : model
        let lm = names.sorted().first { $0.hasSuffix(".lm.bin") && !$0.contains("phone") } ?? names.first { $0.hasSuffix(".lm") }
        let dict = names.sorted().first { $0.hasSuffix(".dict") || $0.hasSuffix(".dic") }
        guard let lm, let dict, manager.fileExists(atPath: hmm + "/mdef") else { throw .modelMissing(directory: model) }
        return (hmm, model + "/" + lm, model + "/" + dict)
    }

    /// One utterance being decoded: samples are fed as they arrive, so that the transcript is
    /// ready moments after the speaker stops. Used by one task at a time.
    public final class Decoder {
        private let decoder: OpaquePointer

        public init(model: String) throws(VoiceError) {
            let files = try PocketSphinx.files(in: model)
            guard let decoder = margin_ps_init(files.hmm, files.lm, files.dict) else { throw .modelMissing(directory: model) }
            self.decoder = decoder
            ps_start_utt(decoder)
        }

        deinit { ps_free(decoder) }

        /// Decodes 16 kHz mono samples.
        public func feed(_ samples: [Int16]) {
            guard !samples.isEmpty else { return }
            samples.withUnsafeBufferPointer { buffer in
                _ = ps_process_raw(decoder, buffer.baseAddress, buffer.count, 0, 0)
            }
        }

        /// Ends the utterance and gives its best hypothesis ("" when nothing was recognized).
        public func finish() -> String {
            ps_end_utt(decoder)
            var score: Int32 = 0
            guard let hypothesis = ps_get_hyp(decoder, &score) else { return "" }
            return String(cString: hypothesis).normalizedTranscript
        }
    }
}
