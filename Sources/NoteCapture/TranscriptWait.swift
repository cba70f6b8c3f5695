import Foundation
import Synchronization
import Voice

/// The wait on a voice note's take that a signal cuts short: whichever comes first, the take
/// (its recording kept and transcribed) or a signal once the recording is kept
/// (``StopKeys/nextSignal()``). A signal leaves the take cancelled but not awaited: a
/// recognizer that does not hear the cancellation ends with margin.
public enum TranscriptWait {
    public enum Ending: Sendable {
        case taken(Result<VoiceTake.Result, VoiceError>)
        case stopped(signal: Int32)
    }

    public static func first(of take: @escaping @Sendable () async throws(VoiceError) -> VoiceTake.Result,
                             or signal: @escaping @Sendable () async -> Int32?) async -> Ending {
        let taking = Task { () -> Result<VoiceTake.Result, VoiceError> in
            do throws(VoiceError) { return .success(try await take()) } catch { return .failure(error) }
        }
        let stopping = Task { await signal() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Ending, Never>) in
                let once = Once(continuation)
                Task {
                    let taken = await taking.value
                    stopping.cancel()
                    once.resume(.taken(taken))
                }
                Task {
                    guard let signo = await stopping.value else { return }
                    // The ending is the signal's before the take is cancelled: a take that ends
                    // because it was cancelled (its recognizer killed) must not take its place.
                    once.resume(.stopped(signal: signo))
                    taking.cancel()
                }
            }
        } onCancel: {
            taking.cancel()
            stopping.cancel()
        }
    }

    /// A continuation resumed by the first of several.
    private final class Once: Sendable {
        private let continuation: Mutex<CheckedContinuation<Ending, Never>?>

        init(_ continuation: CheckedContinuation<Ending, Never>) {
            self.continuation = Mutex(continuation)
        }

        func resume(_ ending: Ending) {
            continuation.withLock { $0.take() }?.resume(returning: ending)
        }
    }
}
