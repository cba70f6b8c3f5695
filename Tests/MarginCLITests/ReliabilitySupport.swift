import Foundation
import Synchronization
import Testing

/// Raw-bytes process helpers for the reliability suite.
enum Reliability {
    /// Runs `margin arguments` with raw stdin bytes; returns status and raw stdout/stderr.
    static func run(_ arguments: [String], environment: [String: String], stdin: Data? = nil,
                    timeout: Duration = .seconds(120)) async throws -> (status: Int32, stdout: Data, stderr: String) {
        try await runProgram(MarginProcess.marginPath, arguments, environment: environment, stdin: stdin, timeout: timeout)
    }

    /// Runs any program with raw stdin bytes; returns status and raw stdout/stderr.
    static func runProgram(_ executable: String, _ arguments: [String], environment: [String: String], stdin: Data? = nil,
                           timeout: Duration = .seconds(120)) async throws -> (status: Int32, stdout: Data, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        let stdoutData = DataReader(out.fileHandleForReading)
        let stderrData = DataReader(err.fileHandleForReading)
        try process.run()
        if let stdin {
            let writer = input.fileHandleForWriting
            Thread { writer.write(stdin); try? writer.close() }.start()
        }
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now > deadline { process.terminate(); throw ProcessTimeout(arguments: arguments) }
            try await Task.sleep(for: .milliseconds(20))
        }
        process.waitUntilExit()
        let stdout = try await stdoutData.finished()
        let stderr = try await stderrData.finished()
        return (process.terminationStatus, stdout, String(decoding: stderr, as: UTF8.self))
    }

    /// `sqlite3 PATH SQL`, trimmed stdout; waits without blocking the cooperative pool.
    static func sqlite(_ path: String, _ sql: String) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, sql]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        let reader = DataReader(out.fileHandleForReading)
        try process.run()
        while process.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        process.waitUntilExit()
        return String(decoding: try await reader.finished(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs `body` on a thread of its own, so heavy work never starves the in-process emulator.
    static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    /// A unique temporary directory.
    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "margin-rel-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// An environment with no Spotify reachable and the store at `db`.
    static func offlineEnvironment(root: String, db: String) -> [String: String] {
        ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": root,
         "XDG_CONFIG_HOME": root + "/config", "XDG_DATA_HOME": root + "/data", "MARGIN_DB": db,
         "MARGIN_API_URL": "http://127.0.0.1:9/v1", "MARGIN_ACCOUNTS_URL": "http://127.0.0.1:9"]
    }
}

/// Reads a pipe to its end on its own thread.
final class DataReader: Sendable {
    private let result = Mutex<Data?>(nil)

    init(_ handle: FileHandle) {
        Thread { [self] in
            let data = handle.readDataToEndOfFile()
            result.withLock { $0 = data }
        }.start()
    }

    func finished() async throws -> Data {
        while true {
            if let data = result.withLock({ $0 }) { return data }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
