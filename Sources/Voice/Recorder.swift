import Foundation
import Synchronization

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
        let run = try RecorderRun(program)
        let outcome = await withTaskCancellationHandler {
            await withTaskGroup(of: RecorderRun.Outcome?.self) { group in
                group.addTask { await run.samples(into: state, limit: limit, progress: progress, samples: samples) }
                group.addTask {
                    for await _ in stop {
                        run.end(.user, state: state)
                        break
                    }
                    return nil
                }
                var outcome: RecorderRun.Outcome?
                while outcome == nil, let next = await group.next() { outcome = next }
                group.cancelAll()
                return outcome
            }
        } onCancel: {
            // A recording whose task is cancelled ends as the user's own end would: kept.
            run.end(.user, state: state)
        }
        guard let outcome else { throw .recorderFailed(recorder: program.name, reason: "it was not read") }
        let recorded = state.withLock { $0.samples }
        let said = String(decoding: outcome.said, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init)
        if recorded.isEmpty, outcome.ending == .recorderEnded {
            throw .recorderFailed(recorder: program.name, reason: said ?? "it stopped at once, \(outcome.status.map(\.description) ?? "not waited for")")
        }
        let (gateEnding, heardSpeech) = state.withLock { ($0.gateEnding, $0.gate.heardSpeech) }
        let seconds = Double(recorded.count) / Double(PCMAudio.speechRate)
        if recorded.isEmpty || gateEnding == .nothingHeard || (outcome.ending == .recorderEnded && !heardSpeech) {
            throw .nothingHeard(seconds: seconds)
        }
        return Recording(audio: PCMAudio(samples: recorded, rate: PCMAudio.speechRate), ending: outcome.ending,
                         recorderSaid: outcome.ending == .recorderEnded ? said.map { String($0.prefix(200)) } : nil, recorder: program.name)
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
        /// How the recording ended, once it has: the first ending wins, and no sample is
        /// added after it.
        var ended: Ending?

        /// Ends the recording by `ending` unless it has ended already; the ending that holds.
        mutating func end(_ ending: Ending) -> Ending {
            if let ended { return ended }
            ended = ending
            return ending
        }

        /// Adds a block; returns the ending it brings, if any, a progress update per frame, and
        /// the samples of the block that the recording keeps.
        mutating func add(_ block: [Int16], limit: Int) -> (Ending?, [Progress], [Int16]) {
            if let ended { return (ended, [], []) }
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
            if let ending { ended = ending }
            return (ending, updates, Array(samples[min(before, samples.count)...]))
        }
    }
}
