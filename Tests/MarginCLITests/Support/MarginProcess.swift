import Foundation

/// The result of running the real `margin` binary.
struct ProcessResult: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
    var output: String { stdout + stderr }
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
                    executable: String = marginPath, timeout: Duration = .seconds(60)) async throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        let finished = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { finished.continuation.yield($0.terminationStatus); finished.continuation.finish() }
        try process.run()
        if let stdin {
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try input.fileHandleForWriting.close()
        }
        async let stdoutData = readToEnd(out.fileHandleForReading)
        async let stderrData = readToEnd(err.fileHandleForReading)
        let status = try await withThrowingTaskGroup(of: Int32?.self) { group in
            group.addTask { for await status in finished.stream { return status }; return nil }
            group.addTask { try await Task.sleep(for: timeout); return nil }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let status else {
            process.terminate()
            throw ProcessTimeout(arguments: arguments)
        }
        return ProcessResult(status: status, stdout: String(decoding: await stdoutData, as: UTF8.self),
                             stderr: String(decoding: await stderrData, as: UTF8.self))
    }
}

/// Reads a pipe to its end on a thread of its own: a blocking read on the cooperative pool
/// (two threads on a two-core machine) would starve the in-process emulator.
private func readToEnd(_ handle: FileHandle) async -> Data {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: handle.readDataToEndOfFile()) }.start()
    }
}

struct ProcessTimeout: Error, CustomStringConvertible {
    var arguments: [String]
    var description: String { "margin \(arguments.joined(separator: " ")) did not finish in time" }
}
