import Foundation
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
        let out = try ChildPipe(), err = try ChildPipe(), input = try ChildPipe()
        let process = try ChildProcess(executable, arguments, environment: environment,
                                       input: stdin == nil ? nil : input.read, output: out.write, errors: err.write)
        try input.read.close()
        try out.write.close()
        try err.write.close()
        let stdoutData = DataReader(out.read)
        let stderrData = DataReader(err.read)
        let writer = input.write
        if let stdin {
            Thread { writer.write(stdin); try? writer.close() }.start()
        } else {
            try writer.close()
        }
        guard let exit = await process.exit(within: timeout) else { throw ProcessTimeout(arguments: arguments) }
        let stdout = try await stdoutData.finished()
        let stderr = try await stderrData.finished()
        return (exit.status, stdout, String(decoding: stderr, as: UTF8.self))
    }

    /// `sqlite3 PATH SQL`, trimmed stdout; waits without blocking the cooperative pool.
    static func sqlite(_ path: String, _ sql: String) async throws -> String {
        let out = try ChildPipe()
        let process = try ChildProcess("/usr/bin/sqlite3", [path, sql], environment: [:], output: out.write, errors: out.write)
        try out.write.close()
        let reader = DataReader(out.read)
        _ = await process.exit()
        return String(decoding: try await reader.finished(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs `body` on a thread of its own, so heavy work never starves the in-process emulator.
    static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    /// An environment with no Spotify reachable and the store at `db`.
    static func offlineEnvironment(root: String, db: String) -> [String: String] {
        ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": root,
         "XDG_CONFIG_HOME": root + "/config", "XDG_DATA_HOME": root + "/data", "MARGIN_DB": db,
         "MARGIN_API_URL": "http://127.0.0.1:9/v1", "MARGIN_ACCOUNTS_URL": "http://127.0.0.1:9"]
    }
}

/// Reads a pipe to its end on its own thread (``readToEnd(_:)``), from the moment it is made.
struct DataReader: Sendable {
    private let reading: Task<Data, Never>

    init(_ handle: FileHandle) {
        reading = Task { await readToEnd(handle) }
    }

    /// Everything the pipe held, once its writers have all closed it.
    func finished() async throws -> Data {
        await reading.value
    }
}
