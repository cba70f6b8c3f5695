import Foundation
import TestSupport

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

    /// Runs `margin arguments` with exactly `environment`, optional stdin, and a hard time limit
    /// (past it the program is killed).
    static func run(_ arguments: [String], environment: [String: String], stdin: String? = nil,
                    executable: String = marginPath, stdout: ProcessOutput = .captured,
                    timeout: Duration = .seconds(60)) async throws -> ProcessResult {
        let out = try ChildPipe(), err = try ChildPipe(), input = try ChildPipe()
        let null = FileHandle(forReadingAtPath: "/dev/null")
        let standardOutput: Int32?
        switch stdout {
        case .captured: standardOutput = out.write.fileDescriptor
        case .file(let handle): standardOutput = handle.fileDescriptor
        case .closed: standardOutput = nil
        }
        let child = try ChildProcess(executable, arguments, environment: environment,
                                     stdin: stdin == nil ? null?.fileDescriptor : input.read.fileDescriptor,
                                     stdout: standardOutput, stderr: err.write.fileDescriptor)
        // Only the child holds the write ends now, so the reads below end when the child does.
        try out.write.close()
        try err.write.close()
        try input.read.close()
        if let stdin {
            input.write.write(Data(stdin.utf8))
        }
        try input.write.close()
        async let stdoutData = readToEnd(out.read)
        let stderrData = Task { await readToEnd(err.read) }
        guard let exit = await child.exit(within: timeout) else {
            // What it had said, for the failure: a child of its own may still hold the pipe.
            // A grace for what it said: a child of the killed margin may hold the pipe for ever.
            let said = await within(.seconds(2)) { await stderrData.value }
            throw ProcessTimeout(arguments: arguments, stderr: said.map { String(decoding: $0, as: UTF8.self) } ?? "(still open)")
        }
        return ProcessResult(status: exit.status, stdout: String(decoding: await stdoutData, as: UTF8.self),
                             stderr: String(decoding: await stderrData.value, as: UTF8.self), signal: exit.signal)
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
    /// What it wrote on stderr before it was killed, when known.
    var stderr = ""
    var description: String {
        "margin \(arguments.joined(separator: " ")) did not finish in time" + (stderr.isEmpty ? "" : "; its stderr: \(stderr)")
    }
}
