import Foundation
import Subprocess
#if canImport(System)
import System
#else
import SystemPackage
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
        var options = PlatformOptions()
        // Its own session, so that a timeout ends the program and anything it started.
        options.createSession = true
        options.teardownSequence = [.send(signal: .terminate, toProcessGroup: true, allowedDurationToNextStep: .seconds(1))]
        do {
            let result = try await run(
                .path(FilePath(program)), arguments: Arguments(arguments),
                platformOptions: options, input: .none, output: .sequence, error: .discarded
            ) { execution in
                try await withThrowingTaskGroup(of: [UInt8]?.self) { group in
                    group.addTask {
                        var bytes: [UInt8] = []
                        // Read to the end (a program cut off mid-write would fail on SIGPIPE);
                        // what is past the limit is dropped.
                        for try await buffer in execution.standardOutput where bytes.count < TranscriptLimit.readBytes {
                            buffer.withUnsafeBytes { bytes.append(contentsOf: $0.prefix(TranscriptLimit.readBytes - bytes.count)) }
                        }
                        return bytes
                    }
                    group.addTask {
                        try await Task.sleep(for: timeout)
                        return nil
                    }
                    let first = try await group.next() ?? nil
                    group.cancelAll()
                    if first == nil { try? execution.send(signal: .kill, toProcessGroup: true) }
                    return first
                }
            }
            guard let output = result.closureResult else {
                throw VoiceError.transcriberFailed(command: command, reason: "did not finish within \(Int(timeout.components.seconds)) s")
            }
            guard case .exited(0) = result.terminationStatus else {
                throw VoiceError.transcriberFailed(command: command, reason: "failed (\(result.terminationStatus))")
            }
            return String(decoding: output, as: UTF8.self).normalizedTranscript
        } catch let error as VoiceError {
            throw error
        } catch {
            throw .transcriberFailed(command: command, reason: "could not be run (\(error))")
        }
    }
}
