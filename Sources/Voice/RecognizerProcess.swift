import FileSafety
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A recognizer in a child process that margin can kill and outlive: a crash, a hang or a
/// broken model there is a failed transcription, never a lost note or a crashed margin.
///
/// The child runs in a process group of its own (a timeout kills the group), with default
/// signal dispositions, and ends by itself within a fraction of a second should margin end
/// first (``ParentWatch``). Samples go to
/// its standard input as they arrive (`feed`), so that the transcript is ready moments after
/// the speaker stops; the transcript comes back on its standard output, and a failure's reason
/// on its standard error.
public final class RecognizerProcess: Sendable {
    private let pid: pid_t
    /// Its standard input, or -1 when it reads a file.
    private let input: Int32
    private let output: Int32
    private let errors: Int32
    private let name: String
    private let timeout: Duration

    /// The most of a transcript read: far more than any note's speech gives.
    static let outputLimit = TranscriptLimit.readBytes

    /// Starts `executable` with `arguments`; `name` says in messages what failed.
    public init(executable: String, arguments: [String], streaming: Bool, name: String, timeout: Duration) throws(VoiceError) {
        self.name = name
        self.timeout = timeout
        let inputPipe = streaming ? ChildProcess.pipe() : nil
        let pipes = (output: ChildProcess.pipe(), errors: ChildProcess.pipe())
        guard let outputPipe = pipes.output, let errorPipe = pipes.errors, !streaming || inputPipe != nil else {
            let code = errno
            [inputPipe, pipes.output, pipes.errors].compactMap { $0 }.forEach { close($0.read); close($0.write) }
            throw .transcriberFailed(command: name, reason: "could not be started (\(String(cString: strerror(code))))")
        }
        let spawned = ChildProcess.start([executable] + arguments, input: inputPipe.map { .descriptor($0.read) } ?? .null,
                                       output: .descriptor(outputPipe.write), errors: .descriptor(errorPipe.write), ownGroup: true)
        // The child's ends belong to the child now.
        [inputPipe?.read, outputPipe.write, errorPipe.write].compactMap { $0 }.forEach { close($0) }
        guard case .success(let pid) = spawned else {
            [inputPipe?.write, outputPipe.read, errorPipe.read].compactMap { $0 }.forEach { close($0) }
            let reason = if case .failure(let error) = spawned { error.text } else { "" }
            throw .transcriberFailed(command: name, reason: "could not be started (\(reason))")
        }
        self.pid = pid
        self.input = inputPipe?.write ?? -1
        self.output = outputPipe.read
        self.errors = errorPipe.read
    }

    /// Hands 16 kHz mono samples to the recognizer. A recognizer that has died takes no more;
    /// that shows in ``finish()``.
    public func feed(_ samples: [Int16]) {
        guard input >= 0, !samples.isEmpty else { return }
        let pipe = OutputFile(descriptor: input, name: name)
        samples.withUnsafeBytes { try? pipe.write($0) }
    }

    /// Ends the input and waits, up to the timeout, for the transcript.
    public func finish() async throws(VoiceError) -> String {
        if input >= 0 { close(input) }
        let outcome: Result<String, VoiceError> = await withCheckedContinuation { continuation in
            Thread.detachNewThread { [self] in continuation.resume(returning: collect()) }
        }
        return try outcome.get()
    }

    /// Kills the recognizer and its group at once (a dropped recording).
    public func cancel() {
        kill(-pid, SIGKILL)
    }

    /// Reads standard output and error until both end or the deadline passes, then reaps the
    /// child: the transcript, or why there is none.
    private func collect() -> Result<String, VoiceError> {
        defer {
            close(output)
            close(errors)
        }
        let read = ChildProcess.collect([output, errors], limits: [Self.outputLimit, 4096], until: .now + timeout)
        if read.timedOut { kill(-pid, SIGKILL) }
        let ending = try? ChildProcess.wait(for: pid)
        if read.timedOut {
            return .failure(.transcriberFailed(command: name, reason: "did not finish within \(Int(timeout.components.seconds)) s"))
        }
        switch ending {
        case .signaled(let signal):
            return .failure(.transcriberFailed(command: name, reason: "crashed (\(Self.signalName(signal)))"))
        case .exited(0):
            return .success(String(decoding: read.bytes[0], as: UTF8.self).normalizedTranscript)
        case let ending:
            let said = String(decoding: read.bytes[1], as: UTF8.self).split(whereSeparator: \.isNewline).last.map(String.init)
            return .failure(.transcriberFailed(command: name, reason: said ?? "failed (\(ending.map(\.description) ?? "not waited for"))"))
        }
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGSEGV: "segmentation fault, signal \(signal)"
        case SIGABRT: "aborted, signal \(signal)"
        case SIGBUS: "bus error, signal \(signal)"
        case SIGKILL: "killed, signal \(signal)"
        default: "signal \(signal)"
        }
    }
}
