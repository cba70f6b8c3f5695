import FileSafety
import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The signals are the process's own: these tests run one at a time, on signals nothing else
/// in the test process uses.
@Suite("signals ignored or handled for a scope, then as they were", .serialized)
struct SignalsTests {
    /// What `signo` does now: SIG_DFL, SIG_IGN or a handler.
    private func disposition(_ signo: Int32) -> sighandler_t? {
        var current = sigaction()
        _ = sigaction(signo, nil, &current)
        return current.__sigaction_handler.sa_handler
    }

    /// A disposition as a number: SIG_DFL is 0 (nil here), SIG_IGN 1.
    private func number(_ handler: sighandler_t?) -> Int {
        handler.map { unsafeBitCast($0, to: Int.self) } ?? 0
    }

    private func isDefault(_ signo: Int32) -> Bool { number(disposition(signo)) == number(SIG_DFL) }

    private func isIgnored(_ signo: Int32) -> Bool { number(disposition(signo)) == number(SIG_IGN) }

    @Test("a handled signal reaches the handler each time it is sent, and does not end the process")
    func handled() async throws {
        let (arrivals, continuation) = AsyncStream<Int32>.makeStream()
        await Signals.with(handling: [SIGUSR1], { continuation.yield($0) }) {
            #expect(!isIgnored(SIGUSR1) && !isDefault(SIGUSR1), "the scope's handler is in place once the scope is made")
            // One at a time: each is sent once the one before has arrived. The first is sent at
            // once: a signal sent as soon as the scope exists is not lost.
            kill(getpid(), SIGUSR1)
            let received = await within(.seconds(30)) {
                var count = 0
                for await signo in arrivals where signo == SIGUSR1 {
                    count += 1
                    if count == 3 { break }
                    kill(getpid(), SIGUSR1)
                }
                return count
            }
            #expect(received == 3)
        }
        #expect(isDefault(SIGUSR1), "SIGUSR1 does what it did before the scope")
    }

    @Test("an ignored signal is ignored for the scope, and what it did before is put back after, thrown out of or not")
    func ignoredThenRestored() throws {
        Signals.ignore(SIGUSR2)
        Signals.with(ignoring: [SIGUSR2]) { #expect(isIgnored(SIGUSR2)) }
        #expect(isIgnored(SIGUSR2), "ignored before, ignored after")

        Signals.restoreDefault(SIGUSR2)
        struct Thrown: Error {}
        #expect(throws: Thrown.self) {
            try Signals.with(ignoring: [SIGUSR2]) {
                #expect(isIgnored(SIGUSR2))
                throw Thrown()
            }
        }
        #expect(isDefault(SIGUSR2), "at its default before, at its default after the body threw; now \(number(disposition(SIGUSR2)))")
    }

    @Test("ending a scope twice, or dropping it, puts back what was there once")
    func endTwice() {
        Signals.restoreDefault(SIGUSR2)
        let scope = Signals.Scope(ignoring: [SIGUSR2])
        #expect(isIgnored(SIGUSR2))
        scope.end()
        #expect(isDefault(SIGUSR2))
        Signals.ignore(SIGUSR2)
        scope.end()
        #expect(isIgnored(SIGUSR2), "a second end changes nothing")
        Signals.restoreDefault(SIGUSR2)
        do { _ = Signals.Scope(ignoring: [SIGUSR2]) }
        #expect(isDefault(SIGUSR2), "a scope dropped is ended")
    }

    /// Runs `body` with `signo` blocked on this thread (so that a signal sent to it stays on its
    /// way), then discards what is still pending of it and puts the thread's mask back.
    private func blocking(_ signo: Int32, _ body: () -> Void) {
        var set = sigset_t(), old = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signo)
        pthread_sigmask(SIG_BLOCK, &set, &old)
        body()
        let before = Signals.Scope(ignoring: [signo])
        pthread_sigmask(SIG_SETMASK, &old, nil)
        before.end()
    }

    private func pending(_ signo: Int32) -> Bool {
        var set = sigset_t()
        return sigpending(&set) == 0 && sigismember(&set, signo) == 1
    }

    @Test("a scope tells whether a handled signal came since it began, though no handler has run yet")
    func received() {
        blocking(SIGUSR2) {
            let scope = Signals.Scope(handling: [SIGUSR2])
            #expect(!scope.received(SIGUSR2))
            pthread_kill(pthread_self(), SIGUSR2)
            #expect(pending(SIGUSR2), "on its way: blocked on this thread")
            #expect(scope.received(SIGUSR2))
            #expect(!pending(SIGUSR2), "taken by the scope")
            scope.end()
        }
    }

    @Test("a handled signal on its way when the scope ends is the scope's, not the default action's")
    func takenAtTheEnd() {
        Signals.restoreDefault(SIGUSR2)
        blocking(SIGUSR2) {
            let scope = Signals.Scope(handling: [SIGUSR2])
            pthread_kill(pthread_self(), SIGUSR2)
            scope.end()
            // Still pending, it would meet SIG_DFL and end the test process once unblocked
            // (`blocking` discards it first).
            #expect(!pending(SIGUSR2), "taken before the default action was put back")
            #expect(isDefault(SIGUSR2))
        }
    }
}
