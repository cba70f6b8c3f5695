import ArgumentParser
import FileSafety
import Foundation
import Voice

extension MarginCommand {
    /// `margin _recognize --model DIR --parent PID (FILE | -)`: the recognizer's child process
    /// (``IsolatedPocketSphinx``), not a command for users. It decodes a WAV file, or 16 kHz
    /// mono 16-bit samples on stdin as they come, prints the transcript, and dies with margin.
    /// Whatever goes wrong here (a broken model, a crash inside PocketSphinx) fails one
    /// transcription in margin, which reads the reason from stderr.
    struct Recognize: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: IsolatedPocketSphinx.subcommand, shouldDisplay: false)

        @Option var model: String
        @Option var parent: Int32
        @Argument var source: String

        func run() throws {
            // Nobody waits for a transcript once margin is gone.
            ParentWatch.endWhenGone(parent)
            do throws(VoiceError) {
                let decoder = try PocketSphinx.Decoder(model: model)
                if source == "-" {
                    try feed(decoder, from: STDIN_FILENO)
                } else {
                    let audio = try WAVFile.read(path: source)
                    decoder.feed((audio.rate == PCMAudio.speechRate ? audio : audio.resampled(to: PCMAudio.speechRate)).samples)
                }
                FileHandle.standardOutput.write(Data((decoder.finish() + "\n").utf8))
            } catch {
                FileHandle.standardError.write(Data((error.message + "\n").utf8))
                throw ExitCode(2)
            }
        }

        /// Samples from `descriptor` until it ends, a block at a time; an odd last byte is dropped.
        private func feed(_ decoder: PocketSphinx.Decoder, from descriptor: Int32) throws(VoiceError) {
            var buffer = [UInt8](repeating: 0, count: 32_000)
            var carry: UInt8?
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return }
                var bytes = ArraySlice(buffer[0..<count])
                if let first = carry {
                    bytes.insert(first, at: bytes.startIndex)
                    carry = nil
                }
                if bytes.count % 2 == 1 { carry = bytes.removeLast() }
                let samples = stride(from: bytes.startIndex, to: bytes.endIndex, by: 2).map {
                    Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
                }
                decoder.feed(samples)
            }
        }
    }
}
