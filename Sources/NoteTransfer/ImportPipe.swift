import Foundation
import Synchronization
import NoteStore

/// Reads an import on a thread of its own and hands the records over in batches, so that
/// parsing and validating the JSON overlaps with writing to SQLite.
///
/// The reading thread maps (or holds) the input itself, so no pointer into it crosses
/// threads; only ``ImportBatch`` values do. At most ``capacity`` batches wait at a time,
/// which keeps memory flat however large the input is, and the writer hands each batch back
/// to be refilled (``recycle(_:)``). The writer must call ``close()`` when it is done,
/// normally or not: that stops the reading thread and waits for it.
final class ImportPipe: Sendable {
    /// What the reading thread sends after the estimate: any number of `.records`, then
    /// `.end` or `.failure`.
    enum Message: Sendable {
        case records(ImportBatch)
        /// Every record was read and was valid.
        case end
        /// The input cannot be imported; nothing after it is sent.
        case failure(ImportError)
    }

    /// Records a batch holds.
    static let batchSize = 256
    /// Records read before the estimate is made from the share of the input they took; they
    /// go to the writer as the first batch.
    static let sampleSize = 1024
    /// Batches that may wait for the writer.
    static let capacity = 8

    private struct State {
        /// About how many records the input holds, or why it cannot be read at all: exact
        /// for an input of up to ``sampleSize`` records, scaled up from them for a larger one.
        var estimate: Result<Int, ImportError>?
        var waiting: [Message] = []
        /// Batches the writer is done with, for the reading thread to refill.
        var spent: [ImportBatch] = []
        var closed = false
    }

    private let state = Mutex(State())
    /// Counts the messages waiting.
    private let sent = DispatchSemaphore(value: 0)
    /// Counts the room left for messages. It starts at zero and is raised in `init`: Dispatch
    /// traps when a semaphore is freed below the value it was created with, which a pipe
    /// closed while full would be.
    private let room = DispatchSemaphore(value: 0)
    /// Signalled once when the estimate is known.
    private let estimatedSignal = DispatchSemaphore(value: 0)
    /// Signalled once when the reading thread has finished.
    private let finished = DispatchSemaphore(value: 0)

    private init() {
        for _ in 0..<Self.capacity { room.signal() }
    }

    /// Starts reading `source` on a new thread.
    static func reading(_ source: ImportSource) -> ImportPipe {
        let pipe = ImportPipe()
        let thread = Thread {
            pipe.read(source)
            pipe.finished.signal()
        }
        thread.name = "margin.import"
        thread.start()
        return pipe
    }

    /// About how many records the input holds; throws when the input cannot be read at all,
    /// or holds a bad record among the first ``sampleSize``. Call it once, before ``receive()``.
    func estimate() throws(ImportError) -> Int {
        estimatedSignal.wait()
        return try state.withLock { $0.estimate ?? .success(0) }.get()
    }

    /// The next message; waits for the reading thread when none is waiting.
    ///
    /// Call it only until `.end` or `.failure` has arrived: nothing comes after those.
    func receive() -> Message {
        sent.wait()
        let message = state.withLock { $0.waiting.removeFirst() }
        room.signal()
        return message
    }

    /// Hands a batch the writer is done with back to the reading thread, to be refilled.
    ///
    /// Its memory is then reused rather than freed on this thread and allocated again on the
    /// other, which keeps both out of the allocator's cross-thread path.
    func recycle(_ batch: ImportBatch) {
        state.withLock { $0.spent.append(batch) }
    }

    /// Stops the reading thread if it is still going and waits until it has finished.
    func close() {
        state.withLock { state in
            state.closed = true
            state.waiting.removeAll()
        }
        // A reader waiting for room wakes, finds the pipe closed and stops.
        room.signal()
        finished.wait()
    }

    /// Sends a message; false once the writer has closed the pipe (stop reading then).
    private func send(_ message: Message) -> Bool {
        guard !state.withLock({ $0.closed }) else { return false }
        room.wait()
        let accepted = state.withLock { state in
            guard !state.closed else { return false }
            state.waiting.append(message)
            return true
        }
        if accepted { sent.signal() }
        return accepted
    }

    /// The reading thread's work.
    private func read(_ source: ImportSource) {
        var estimated = false
        do throws(ImportError) {
            try source.withBytes { (bytes) throws(ImportError) in
                var batch = ImportBatch()
                var open = true
                try ImportReader.forEachRecord(in: bytes, into: &batch) { batch, offset in
                    if !estimated {
                        guard batch.count == Self.sampleSize else { return true }
                        estimated = true
                        let share = Double(max(offset, 1)) / Double(max(bytes.count, 1))
                        publishEstimate(.success(Int((Double(batch.count) / share).rounded(.up))))
                    } else if batch.count < Self.batchSize {
                        return true
                    }
                    open = send(.records(batch))
                    batch = emptyBatch()
                    return open
                }
                if !estimated {
                    estimated = true
                    publishEstimate(.success(batch.count))
                }
                if open, batch.count == 0 || send(.records(batch)) {
                    _ = send(.end)
                }
            }
        } catch where estimated {
            _ = send(.failure(error))
        } catch {
            publishEstimate(.failure(error))
        }
    }

    /// A batch to fill: one the writer is done with, or a new one.
    private func emptyBatch() -> ImportBatch {
        guard var batch = state.withLock({ $0.spent.popLast() }) else { return ImportBatch() }
        batch.removeAll()
        return batch
    }

    /// Makes the estimate (or why there is none) known to ``estimate()``.
    private func publishEstimate(_ estimate: Result<Int, ImportError>) {
        state.withLock { $0.estimate = estimate }
        estimatedSignal.signal()
    }
}
