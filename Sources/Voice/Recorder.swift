import Foundation
import Subprocess
import Synchronization
#if canImport(System)
import System
#else
import SystemPackage
#endif

/// Records from the default microphone through a ``RecorderProgram`` until the user ends it,
/// the speaker falls silent, or the time limit.
public struct Recorder: Sendable {
    public var program: RecorderProgram
    /// The longest recording, in seconds (`--max`).
    public var maxSeconds: Double
    public var gate: SpeechGate

    public init(program: RecorderProgram, maxSeconds: Double = 120, gate: SpeechGate = SpeechGate()) {
        self.program = program
        self.maxSeconds = maxSeconds
        self.gate = gate
    }

    /// Why a recording ended.
    public enum Ending: Sendable, Equatable {
        /// Enter, or Ctrl-C: the user's own end.
        case user
        case silence
        case limit
        /// The recorder stopped by itself (its input went away).
        case recorderEnded
    }

    public struct Recording: Sendable {
        public var audio: PCMAudio
        public var ending: Ending
        /// Why the recorder stopped by itself, as it said it (its first line on stderr), when
        /// it did (``Ending/recorderEnded``).
        public var recorderSaid: String?
        /// The recorder's name (`parecord`, …), for messages.
        public var recorder: String = ""

        /// What the user is told of a recording the recorder ended: the note keeps it all the same.
        public var warning: String? {
            guard ending == .recorderEnded else { return nil }
            let said = recorderSaid.map { ": \($0)" } ?? ""
            return """
                the recorder '\(recorder)' stopped by itself after \(String(format: "%.1f", audio.seconds)) s\(said) \
                (did the sound server go away?); the note keeps what was recorded
                """
        }
    }

    /// Where a recording is, for a level meter: seconds so far and the last frame's level.
    public struct Progress: Sendable {
        public var seconds: Double
        public var level: Double
        public var heardSpeech: Bool
    }

    /// Records until `stop` yields (Enter, Ctrl-C), ``gate`` hears the speaker stop, or
    /// ``maxSeconds``. `samples` gets each block of 16 kHz samples as it arrives (for a
    /// recognizer decoding along), `progress` each 50 ms frame's level.
    public func record(
        stop: AsyncStream<Void>, progress: @escaping @Sendable (Progress) -> Void = { _ in },
        samples: @escaping @Sendable ([Int16]) -> Void = { _ in }
    ) async throws(VoiceError) -> Recording {
        let state = Shared(State(gate: gate))
        let limit = Int(maxSeconds * Double(PCMAudio.speechRate))
        let program = self.program
        let result: ExecutionResult<Ending, SequenceOutput, StringOutput<UTF8>>
        do {
            result = try await run(
                .path(FilePath(program.path)), arguments: Arguments(program.arguments),
                input: .none, output: .sequence, error: .string(limit: 4096)
            ) { execution in
                let ending = try await withThrowingTaskGroup(of: Ending?.self) { group in
                    group.addTask {
                        var odd: UInt8?
                        var header = WAVHeaderSkip()
                        for try await buffer in execution.standardOutput {
                            var block: [Int16] = []
                            buffer.withUnsafeBytes { received in
                                // A recorder that writes a WAV stream (pw-record to "-") starts
                                // with a header: the samples begin after it.
                                let raw = header.samples(in: received)
                                block.reserveCapacity(raw.count / 2 + 1)
                                var index = 0
                                if let first = odd, raw.count > 0 {
                                    block.append(Int16(bitPattern: UInt16(first) | UInt16(raw[0]) << 8))
                                    odd = nil
                                    index = 1
                                }
                                while index + 1 < raw.count {
                                    block.append(Int16(bitPattern: UInt16(raw[index]) | UInt16(raw[index + 1]) << 8))
                                    index += 2
                                }
                                if index < raw.count { odd = raw[index] }
                            }
                            let (ending, updates, kept) = state.withLock { $0.add(block, limit: limit) }
                            for update in updates { progress(update) }
                            // The recognizer hears what is recorded: not past the limit or the silence.
                            samples(kept)
                            if let ending { return ending }
                        }
                        return .recorderEnded
                    }
                    group.addTask {
                        for await _ in stop { return .user }
                        return nil
                    }
                    var ending: Ending?
                    while ending == nil, let next = try await group.next() { ending = next }
                    group.cancelAll()
                    return ending ?? .recorderEnded
                }
                // The recorder is told to stop; what it still sends is not wanted.
                try? execution.send(signal: .terminate)
                return ending
            }
        } catch {
            throw .recorderFailed(recorder: program.name, reason: "\(error)")
        }
        let recorded = state.withLock { $0.samples }
        if recorded.isEmpty, result.closureResult == .recorderEnded {
            let reason = result.standardError.split(whereSeparator: \.isNewline).first.map(String.init)
                ?? "it stopped at once, \(result.terminationStatus)"
            throw .recorderFailed(recorder: program.name, reason: reason)
        }
        let (gateEnding, heardSpeech) = state.withLock { ($0.gateEnding, $0.gate.heardSpeech) }
        let seconds = Double(recorded.count) / Double(PCMAudio.speechRate)
        if recorded.isEmpty || gateEnding == .nothingHeard || (result.closureResult == .recorderEnded && !heardSpeech) {
            throw .nothingHeard(seconds: seconds)
        }
        let said = result.standardError.split(whereSeparator: \.isNewline).first.map { String($0.prefix(200)) }
        return Recording(audio: PCMAudio(samples: recorded, rate: PCMAudio.speechRate), ending: result.closureResult,
                         recorderSaid: result.closureResult == .recorderEnded ? said : nil, recorder: program.name)
    }

    /// Finds where the samples start in a recorder's output: at once for raw output, after
    /// the `data` chunk's header for a WAV stream.
    struct WAVHeaderSkip {
        private var pending: [UInt8] = []
        private var done = false

        mutating func samples(in bytes: UnsafeRawBufferPointer) -> [UInt8] {
            guard !done else { return Array(bytes) }
            pending += bytes
            if pending.count >= 4, !pending.starts(with: Array("RIFF".utf8)) {
                done = true
                return pending
            }
            // The samples follow "data" and its 4-byte length.
            let marker = Array("data".utf8)
            if pending.count >= 12, let start = (12...max(12, pending.count - 8)).first(where: { pending[$0..<$0 + 4].elementsEqual(marker) }) {
                done = true
                return Array(pending[(start + 8)...])
            }
            // A header longer than any WAV writer's is not one: keep the bytes as samples.
            if pending.count > 4096 {
                done = true
                return pending
            }
            return []
        }
    }

    /// ``State`` behind a lock, shared by the reading task and the caller.
    final class Shared: Sendable {
        private let mutex: Mutex<State>
        init(_ state: State) { mutex = Mutex(state) }
        func withLock<Value>(_ body: (inout State) -> Value) -> Value { mutex.withLock { body(&$0) } }
    }

    /// The samples so far, the frame being filled, and the gate.
    struct State: Sendable {
        var gate: SpeechGate
        var samples: [Int16] = []
        var frameStart = 0
        var gateEnding: SpeechGate.Ending?

        /// Adds a block; returns the ending it brings, if any, a progress update per frame, and
        /// the samples of the block that the recording keeps.
        mutating func add(_ block: [Int16], limit: Int) -> (Ending?, [Progress], [Int16]) {
            let before = samples.count
            samples += block.prefix(max(0, limit - samples.count))
            var updates: [Progress] = []
            var ending: Ending?
            while frameStart + SpeechGate.frameLength <= samples.count, ending == nil {
                let frame = samples[frameStart..<frameStart + SpeechGate.frameLength]
                frameStart += SpeechGate.frameLength
                let level = SpeechGate.level(frame)
                if let end = gate.add(level: level) {
                    gateEnding = end
                    ending = .silence
                    // What came after the deciding frame (in the same block) is not recorded.
                    samples.removeSubrange(frameStart...)
                }
                updates.append(Progress(seconds: Double(frameStart) / Double(PCMAudio.speechRate), level: level, heardSpeech: gate.heardSpeech))
            }
            if ending == nil, samples.count >= limit { ending = .limit }
            return (ending, updates, Array(samples[min(before, samples.count)...]))
        }
    }
}
