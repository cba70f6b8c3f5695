/// Waits until the calling task is cancelled, then throws `CancellationError`: a stand-in for a
/// peer that never answers (a Spotify that hangs, a store another process holds), whose caller's
/// own deadline is what a test checks. It waits on nothing but the cancellation, not on a clock.
public func hangUntilCancelled() async throws {
    let (never, continuation) = AsyncStream<Never>.makeStream()
    await withTaskCancellationHandler {
        for await _ in never {}
    } onCancel: {
        continuation.finish()
    }
    throw CancellationError()
}
