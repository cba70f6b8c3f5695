import FileSafety
import Foundation
@testable import NoteCapture
import Voice
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The keys listen to SIGURG here, which nothing else in the test process uses and which ends
/// no process: what they do with it is what they do with Ctrl-C, SIGTERM and SIGHUP.
@Suite("the keys that end a recording, and the wait on its transcript", .serialized)
struct StopKeysTests {
    private func keys(watchingStdin: Bool = false, fromArming: Bool = false) -> StopKeys {
        StopKeys(watchingStdin: watchingStdin, signalsFromArming: fromArming, signals: [SIGURG])
    }

    @Test("a signal is a press that ends the recording, and the signal the command ends with")
    func signalPresses() async throws {
        let keys = keys()
        defer { keys.end() }
        kill(getpid(), SIGURG)
        let pressed = await within(.seconds(30)) {
            for await _ in keys.presses { return true }
            return false
        }
        #expect(pressed == true)
        #expect(keys.signal == SIGURG)
    }

    @Test("once armed, a signal ends the wait on the next one, even one that begins after it came")
    func armedSignal() async throws {
        let keys = keys()
        defer { keys.end() }
        keys.arm()
        kill(getpid(), SIGURG)
        // The signal came before the wait began (the handler's relay runs on a thread of its
        // own): the wait sees it all the same.
        let signo = await within(.seconds(30)) { await keys.nextSignal() }
        #expect(signo == SIGURG)
    }

    @Test("a signal before arming ends the recording, not the wait that follows it")
    func signalBeforeArming() async throws {
        let keys = keys()
        kill(getpid(), SIGURG)
        let pressed = await within(.seconds(30)) {
            for await _ in keys.presses { return true }
            return false
        }
        #expect(pressed == true)
        keys.arm()
        let waiting = Task { await keys.nextSignal() }
        // Ending the keys ends the wait: nothing came since arming.
        keys.end()
        #expect(await waiting.value == nil)
        #expect(keys.signal == SIGURG, "the signal that ended the recording is kept")
    }

    @Test("keys that listen from arming take no signal before it")
    func listensFromArming() async throws {
        let keys = keys(fromArming: true)
        defer { keys.end() }
        kill(getpid(), SIGURG)
        #expect(keys.signal == nil)
        keys.arm()
        kill(getpid(), SIGURG)
        let signo = await within(.seconds(30)) { await keys.nextSignal() }
        #expect(signo == SIGURG)
    }

    @Test("Enter on stdin is a press; the reader stops when the keys end")
    func enterPresses() async throws {
        // The keys read a pipe, as they read stdin.
        guard let pipe = ChildProcess.pipe() else { throw POSIXError(.EMFILE) }
        defer { close(pipe.read) }
        let keys = StopKeys(watchingStdin: true, signalsFromArming: true, signals: [SIGURG], input: pipe.read)
        _ = write(pipe.write, "words\n", 6)
        let pressed = await within(.seconds(30)) {
            for await _ in keys.presses { return true }
            return false
        }
        #expect(pressed == true)
        #expect(keys.signal == nil)
        keys.end()
        let ended = await within(.seconds(30)) {
            for await _ in keys.presses {}
            return true
        }
        #expect(ended == true, "the presses end with the keys")
        close(pipe.write)
    }

    @Test("the wait on a take ends at a signal, the take cancelled and not awaited; a take that fails first is its ending")
    func transcriptWait() async throws {
        // A take that waits for ever, until it is cancelled; it says when it was.
        let (never, keptOpen) = AsyncStream<Void>.makeStream()
        let (cancelled, saw) = AsyncStream<Bool>.makeStream()
        let ending = await within(.seconds(30)) {
            await TranscriptWait.first(of: { () async throws(VoiceError) -> VoiceTake.Result in
                for await _ in never {}
                saw.yield(Task.isCancelled)
                throw VoiceError.noRecorder
            }, or: { SIGURG })
        }
        guard case .stopped(let signo)? = ending else { Issue.record("the signal ends the wait: \(String(describing: ending))"); return }
        #expect(signo == SIGURG)
        let seen = await within(.seconds(30)) { await cancelled.first { _ in true } }
        #expect(seen == true, "the take is cancelled")

        let failed = await within(.seconds(30)) {
            await TranscriptWait.first(of: { () async throws(VoiceError) -> VoiceTake.Result in throw VoiceError.noRecorder },
                                       or: {
                                           for await _ in never {}
                                           return nil
                                       })
        }
        guard case .taken(.failure(.noRecorder))? = failed else { Issue.record("the take's failure ends the wait: \(String(describing: failed))"); return }
        keptOpen.finish()
    }
}
