import FileSafety
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One running `margin-whisper` helper, spoken to over its standard input and output, one
/// JSON line each way (the protocol is in `scripts/margin-whisper`). Used under a lock by one
/// thread at a time (``WhisperTranscriber``); every read has a deadline, and whatever goes
/// wrong (a crash, a hang, a line that is not the protocol) ends the helper and its group and
/// becomes a ``VoiceError`` naming it.
final class WhisperProcess {
    let pid: pid_t
    private let input: Int32
    private let output: Int32
    /// Its standard error: an unlinked temporary file, read for the reason when it fails.
    private let errors: Int32
    private var buffered: [UInt8] = []
    /// Whether it has ended and been reaped: a new request needs a new helper.
    private(set) var isEnded = false
    let name: String

    /// The longest line read: a transcript at its limit, escaped as JSON, with its segments.
    static let lineLimit = 4 * TranscriptLimit.readBytes

    init(_ launch: WhisperLaunch, parent: pid_t) throws(VoiceError) {
        name = launch.name
        var template = Array("/tmp/margin-whisper-XXXXXX".utf8CString)
        let errorFile = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if errorFile >= 0 { _ = fcntl(errorFile, F_SETFD, FD_CLOEXEC) }
        guard errorFile >= 0, let stdin = ChildProcess.pipe() else {
            if errorFile >= 0 { close(errorFile) }
            throw .transcriberFailed(command: launch.name, reason: "could not be started (\(String(cString: strerror(errno))))")
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        guard let stdout = ChildProcess.pipe() else {
            [stdin.read, stdin.write, errorFile].forEach { close($0) }
            throw .transcriberFailed(command: launch.name, reason: "could not be started (\(String(cString: strerror(errno))))")
        }
        let spawned = ChildProcess.start([launch.python] + launch.arguments(parent: parent),
                                       input: .descriptor(stdin.read), output: .descriptor(stdout.write), errors: .descriptor(errorFile),
                                       ownGroup: true, environment: ProcessInfo.processInfo.environment.merging(
                                           ["HF_HUB_OFFLINE": "1", "PYTHONDONTWRITEBYTECODE": "1"]) { $1 })
        close(stdin.read)
        close(stdout.write)
        switch spawned {
        case .success(let pid):
            self.pid = pid
            input = stdin.write
            output = stdout.read
            errors = errorFile
        case .failure(let error):
            [stdin.write, stdout.read, errorFile].forEach { close($0) }
            throw .transcriberFailed(command: launch.name, reason: "could not be started: '\(launch.python)' (\(error.text))")
        }
    }

    deinit {
        stop()
        [input, output, errors].forEach { close($0) }
    }

    /// Sends one request line; false when the helper no longer reads.
    func send(_ line: String) -> Bool {
        var bytes = Array((line + "\n").utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            bytes = bytes.dropFirst(count)
        }
        return true
    }

    /// The next line it prints, decoded, by `deadline`; any failure ends the helper and says why.
    func answer(by deadline: ContinuousClock.Instant, timeout: Duration) throws(VoiceError) -> WhisperAnswer {
        let line = try readLine(by: deadline, timeout: timeout)
        guard let answer = try? JSONDecoder().decode(WhisperAnswer.self, from: Data(line)), answer.isProtocol else {
            stop()
            let shown = String(decoding: line.prefix(60), as: UTF8.self).filter { !$0.isNewline && $0.asciiValue.map { $0 >= 32 } ?? true }
            throw .transcriberFailed(command: name, reason: "printed something that is not its protocol: '\(shown)'")
        }
        return answer
    }

    private func readLine(by deadline: ContinuousClock.Instant, timeout: Duration) throws(VoiceError) -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let newline = buffered.firstIndex(of: 0x0A) {
                let line = Array(buffered[..<newline])
                buffered.removeSubrange(...newline)
                return line
            }
            guard buffered.count <= Self.lineLimit else {
                stop()
                throw .transcriberFailed(command: name, reason: "printed a line longer than \(Self.lineLimit / 1_048_576) MiB")
            }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else {
                stop()
                throw .transcriberFailed(command: name, reason: "did not finish within \(Int(timeout.components.seconds)) s")
            }
            var descriptor = [pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
            let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw ended() }
            buffered += chunk[0..<count]
        }
    }

    /// Why the helper ended of itself: its signal, or the last line of its standard error.
    private func ended() -> VoiceError {
        let ending = reap()
        if case .signaled(let signal) = ending {
            return .transcriberFailed(command: name, reason: "crashed (\(RecognizerProcess.signalName(signal)))")
        }
        let size = lseek(errors, 0, SEEK_END)
        var tail = [UInt8](repeating: 0, count: 4096)
        let count = tail.withUnsafeMutableBytes { pread(errors, $0.baseAddress, $0.count, max(0, size - 4096)) }
        let said = String(decoding: tail.prefix(max(0, count)), as: UTF8.self).split(whereSeparator: \.isNewline).last.map(String.init)
        return .transcriberFailed(command: name, reason: "ended (\(ending.map(\.description) ?? "exit 0"))" + (said.map { ": \($0)" } ?? ""))
    }

    /// Ends the helper and its group, and reaps it.
    func stop() {
        guard !isEnded else { return }
        kill(-pid, SIGKILL)
        _ = reap()
    }

    /// How the helper ended; nil when it was reaped already (or could not be waited for).
    private func reap() -> ChildProcess.Ending? {
        guard !isEnded else { return nil }
        isEnded = true
        return try? ChildProcess.wait(for: pid)
    }
}
