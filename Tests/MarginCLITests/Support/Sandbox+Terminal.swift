import Foundation

extension Sandbox {
    /// Runs margin on a real pseudo-terminal (util-linux `script`), `columns` wide, with
    /// dates in UTC. The result's stdout is everything the terminal received, stderr included;
    /// the terminal turns each newline into CR LF.
    func onTerminal(_ arguments: String..., columns: Int = 100) async throws -> ProcessResult {
        try await onTerminal(arguments, columns: columns)
    }

    func onTerminal(_ arguments: [String], columns: Int = 100) async throws -> ProcessResult {
        let command = ([MarginProcess.marginPath] + arguments)
            .map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
            .joined(separator: " ")
        // Without a terminal on script's own stdin the pty has no size, so margin reads COLUMNS.
        return try await MarginProcess.run(
            ["-qefc", command, "/dev/null"],
            environment: environment(["TERM": "xterm", "COLUMNS": "\(columns)", "TZ": "UTC"]),
            executable: "/usr/bin/script")
    }
}
