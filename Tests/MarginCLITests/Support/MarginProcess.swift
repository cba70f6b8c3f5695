import Foundation

/// The result of running the real `margin` binary.
struct ProcessResult: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
    /// The signal that killed the process; `status` is then that signal's number.
    var signal: Int32? = nil
    var output: String { stdout + stderr }
}

/// Where a process's stdout goes.
enum ProcessOutput: Sendable {
    /// A pipe read to its end, into ``ProcessResult/stdout``.
    case captured
    /// This open file (a device, a pipe's write end, …); nothing is captured.
    case file(FileHandle)
    /// No stdout at all: the descriptor is closed when the program starts.
    case closed

    var isCaptured: Bool {
        if case .captured = self { return true }
        return false
    }
}

/// Runs built executables of this package as real processes.
enum MarginProcess {
    /// The folder holding the built products (`margin`, `spotify-emulator`).
    static let productsDirectory: URL = {
        if let override = ProcessInfo.processInfo.environment["MARGIN_PRODUCTS_DIR"] {
            return URL(fileURLWithPath: override)
        }
        var candidate = Bundle.main.bundleURL
        for _ in 0..<4 {
            if FileManager.default.isExecutableFile(atPath: candidate.appendingPathComponent("margin").path) { return candidate }
            candidate.deleteLastPathComponent()
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug")
    }()

    static var marginPath: String { productsDirectory.appendingPathComponent("margin").path }

    /// Runs `margin arguments` with exactly `environment`, optional stdin, and a hard time limit.
    static func run(_ arguments: [String], environment: [String: String], stdin: String? = nil,
                    executable: String = marginPath, stdout: ProcessOutput = .captured,
                    timeout: Duration = .seconds(60)) async throws -> ProcessResult {
        let process = Process()
        if case .closed = stdout {
            // Process cannot start a program without a stdout; a shell closes it before exec.
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", #"exec "$0" "$@" >&-"#, executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        process.environment = environment
        let out = Pipe(), err = Pipe(), input = Pipe()
        switch stdout {
        case .captured: process.standardOutput = out
        case .file(let handle): process.standardOutput = handle
        case .closed: process.standardOutput = FileHandle.nullDevice
        }
        process.standardError = err
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        let finished = AsyncStream<(Int32, Process.TerminationReason)>.makeStream()
        process.terminationHandler = {
            finished.continuation.yield(($0.terminationStatus, $0.terminationReason))
            finished.continuation.finish()
        }
        try process.run()
        // Only the child holds the write end now, so the read below ends when the child does.
        if !stdout.isCaptured { try out.fileHandleForWriting.close() }
        if let stdin {
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try input.fileHandleForWriting.close()
        }
        async let stdoutData = readToEnd(out.fileHandleForReading)
        async let stderrData = readToEnd(err.fileHandleForReading)
        let ended = try await withThrowingTaskGroup(of: (Int32, Process.TerminationReason)?.self) { group in
            group.addTask { for await ended in finished.stream { return ended }; return nil }
            group.addTask { try await Task.sleep(for: timeout); return nil }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let (status, reason) = ended else {
            process.terminate()
            throw ProcessTimeout(arguments: arguments)
        }
        return ProcessResult(status: status, stdout: String(decoding: await stdoutData, as: UTF8.self),
                             stderr: String(decoding: await stderrData, as: UTF8.self),
                             signal: reason == .uncaughtSignal ? status : nil)
    }
}

/// Reads a pipe to its end on a thread of its own: a blocking read on the cooperative pool
/// (two threads on a two-core machine) would starve the in-process emulator.
func readToEnd(_ handle: FileHandle) async -> Data {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: handle.readDataToEndOfFile()) }.start()
    }
}

struct ProcessTimeout: Error, CustomStringConvertible {
    var arguments: [String]
    var description: String { "margin \(arguments.joined(separator: " ")) did not finish in time" }
}
