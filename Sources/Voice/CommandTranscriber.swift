import FileSafety
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A recognizer the user already has (whisper.cpp's `whisper-cli`, say), run as
/// `sh -c 'COMMAND "$1"' margin-transcribe FILE.wav`: it reads the WAV and prints the text.
/// Its standard error is discarded, so that progress lines never reach the note.
public struct CommandTranscriber: Transcriber {
    public var command: String
    public var timeout: Duration
    /// Runs the program under margin's guard, so that it ends should margin be killed; nil
    /// runs it directly.
    public var childGuard: ChildGuard?

    public init(command: String, timeout: Duration = .seconds(120), childGuard: ChildGuard? = nil) {
        self.command = command
        self.timeout = timeout
        self.childGuard = childGuard
    }

    public var name: String { command }

    public func transcribe(_ audio: PCMAudio, file: String) async throws(VoiceError) -> String {
        let command = self.command, timeout = self.timeout
        let shell = ["/bin/sh", "-c", command + " \"$1\"", "margin-transcribe", file]
        let (program, arguments) = childGuard?.wrapping(shell) ?? (shell[0], Array(shell.dropFirst()))
        guard let output = ChildProcess.pipe() else {
            throw .transcriberFailed(command: command, reason: "could not be run (\(ChildProcess.Errno(code: errno).text))")
        }
        // A group of its own, so that a timeout ends the program and anything it started.
        let spawned = ChildProcess.start([program] + arguments, input: .null, output: .descriptor(output.write), errors: .null, ownGroup: true)
        close(output.write)
        guard case .success(let pid) = spawned else {
            close(output.read)
            let reason = if case .failure(let error) = spawned { error.text } else { "" }
            throw .transcriberFailed(command: command, reason: "could not be run (\(reason))")
        }
        let group = Group(pid)
        let (read, ending) = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    // Read to the end (a program cut off mid-write would fail on SIGPIPE); what
                    // is past the limit is dropped.
                    let read = ChildProcess.collect([output.read], limits: [TranscriptLimit.readBytes], until: .now + timeout)
                    close(output.read)
                    if read.timedOut { group.signal(SIGKILL) }
                    continuation.resume(returning: (read, group.reap()))
                }
            }
        } onCancel: {
            // Asked to stop: the program and its group are told to end; the timeout still
            // bounds a program that does not.
            group.signal(SIGTERM)
        }
        if read.timedOut {
            throw .transcriberFailed(command: command, reason: "did not finish within \(Int(timeout.components.seconds)) s")
        }
        guard let ending, ending.succeeded else {
            throw .transcriberFailed(command: command, reason: "failed (\(ending.map(\.description) ?? "not waited for"))")
        }
        return String(decoding: read.bytes[0], as: UTF8.self).normalizedTranscript
    }
}

/// The program's process group, signalled only until the program is reaped: after that its
/// pid may be another process's.
private final class Group: Sendable {
    private let pid: pid_t
    private let reaped = Mutex(false)

    init(_ pid: pid_t) { self.pid = pid }

    func signal(_ signo: Int32) {
        reaped.withLock { reaped in
            if !reaped { kill(-pid, signo) }
        }
    }

    /// Waits for the program; nil when it could not be waited for.
    func reap() -> ChildProcess.Ending? {
        let ending = try? ChildProcess.wait(for: pid)
        reaped.withLock { $0 = true }
        return ending
    }
}
