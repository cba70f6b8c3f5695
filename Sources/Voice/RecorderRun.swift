import FileSafety
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One recorder program running for a ``Recorder``: its samples read as they come on a thread
/// of its own, its complaint (standard error) kept for the message should it fail.
struct RecorderRun: Sendable {
    let pid: pid_t
    private let output: Int32
    private let errors: Int32
    /// Written once when the recording is ended from outside, so that the reading thread
    /// wakes even when the recorder (or a program it started) holds its output open silently.
    private let wake: (read: Int32, write: Int32)

    /// How the run ended: the recording's ending, what the recorder said on standard error
    /// (its first 4 KiB), and how the recorder itself ended.
    struct Outcome: Sendable {
        var ending: Recorder.Ending
        var said: [UInt8]
        var status: ChildProcess.Ending?
    }

    /// Starts `program` with its samples and complaint on pipes of margin's.
    init(_ program: RecorderProgram) throws(VoiceError) {
        guard let output = ChildProcess.pipe() else {
            throw .recorderFailed(recorder: program.name, reason: "could not be started (\(ChildProcess.Errno(code: errno).text))")
        }
        guard let errors = ChildProcess.pipe() else {
            let code = errno
            [output.read, output.write].forEach { close($0) }
            throw .recorderFailed(recorder: program.name, reason: "could not be started (\(ChildProcess.Errno(code: code).text))")
        }
        guard let wake = ChildProcess.pipe() else {
            let code = errno
            [output.read, output.write, errors.read, errors.write].forEach { close($0) }
            throw .recorderFailed(recorder: program.name, reason: "could not be started (\(ChildProcess.Errno(code: code).text))")
        }
        let spawned = ChildProcess.start([program.path] + program.arguments, input: .null,
                                         output: .descriptor(output.write), errors: .descriptor(errors.write))
        [output.write, errors.write].forEach { close($0) }
        guard case .success(let pid) = spawned else {
            [output.read, errors.read, wake.read, wake.write].forEach { close($0) }
            let reason = if case .failure(let error) = spawned { error.text } else { "" }
            throw .recorderFailed(recorder: program.name, reason: "could not be started (\(reason))")
        }
        (self.pid, self.output, self.errors, self.wake) = (pid, output.read, errors.read, wake)
    }

    /// Ends the recording by `ending` (the user's), unless it has ended, and tells the
    /// recorder to stop: what it still sends is not wanted. A recording that has ended is
    /// left alone (its recorder may be reaped already, its pid another process's); under the
    /// lock, so that the reading thread cannot reap it or close the wake pipe meanwhile.
    func end(_ ending: Recorder.Ending, state: Recorder.Shared) {
        state.withLock { state in
            guard state.ended == nil else { return }
            _ = state.end(ending)
            kill(pid, SIGTERM)
            var byte: UInt8 = 1
            _ = write(wake.write, &byte, 1)
        }
    }

    /// Reads the samples into `state`, on a thread of its own, until the recording ends (the
    /// gate, the limit, ``end(_:state:)``) or the recorder stops sending; then stops the
    /// recorder and reaps it.
    func samples(into state: Recorder.Shared, limit: Int, progress: @escaping @Sendable (Recorder.Progress) -> Void,
                 samples: @escaping @Sendable ([Int16]) -> Void) async -> Outcome {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: readBlocking(into: state, limit: limit, progress: progress, samples: samples))
            }
        }
    }

    private func readBlocking(into state: Recorder.Shared, limit: Int, progress: (Recorder.Progress) -> Void,
                              samples: ([Int16]) -> Void) -> Outcome {
        var decoder = SampleDecoder()
        var said: [UInt8] = []
        var open = [output, errors, wake.read]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var ending: Recorder.Ending?
        reading: while ending == nil, open.contains(output) {
            var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&polled, nfds_t(polled.count), -1) > 0 else { continue }
            for entry in polled where entry.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                if entry.fd == wake.read {
                    // Ended from outside: the ending is in `state` already.
                    break reading
                } else if count <= 0 {
                    open.removeAll { $0 == entry.fd }
                } else if entry.fd == errors {
                    said += buffer[0..<min(count, max(0, 4096 - said.count))]
                } else {
                    let block = buffer[0..<count].withUnsafeBytes { decoder.samples(in: $0) }
                    let (found, updates, kept) = state.withLock { $0.add(block, limit: limit) }
                    for update in updates { progress(update) }
                    // The recognizer hears what is recorded: not past the limit or the silence.
                    samples(kept)
                    ending = found
                    if found != nil { continue reading }
                }
            }
        }
        let ended = state.withLock { state in
            defer { close(wake.write) }
            return state.end(ending ?? .recorderEnded)
        }
        [output, wake.read].forEach { close($0) }
        if ended != .recorderEnded { kill(pid, SIGTERM) }
        // The rest of its complaint, as it ends: a stream some program it started still holds
        // open is not waited for past a few seconds.
        if open.contains(errors) {
            let rest = ChildProcess.collect([errors], limits: [max(0, 4096 - said.count)], until: .now + .seconds(5))
            said += rest.bytes[0]
            if rest.timedOut { kill(pid, SIGKILL) }
        }
        close(errors)
        return Outcome(ending: ended, said: said, status: try? ChildProcess.wait(for: pid))
    }

    /// 16-bit little-endian samples from a recorder's bytes as they come, a sample split
    /// between two reads included.
    struct SampleDecoder {
        private var odd: UInt8?
        private var header = Recorder.WAVHeaderSkip()

        mutating func samples(in received: UnsafeRawBufferPointer) -> [Int16] {
            // A recorder that writes a WAV stream (pw-record to "-") starts with a header: the
            // samples begin after it.
            let raw = header.samples(in: received)
            var block: [Int16] = []
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
            return block
        }
    }
}
