import Foundation
import NoteFixtures
import TestSupport

/// Runs a Python 3 script, to read what margin writes with Python's own YAML and CSV readers.
enum Python {
    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `script` with `arguments` and `input` on stdin; its stdout parsed as JSON.
    static func json(_ script: String, arguments: [String] = [], input: Data = Data()) throws -> Any {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        // The input comes from a file and errors go to one: only stdout is a pipe to drain.
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try input.write(to: URL(fileURLWithPath: directory + "/stdin"))
        _ = FileManager.default.createFile(atPath: directory + "/stderr", contents: nil)
        process.standardInput = FileHandle(forReadingAtPath: directory + "/stdin")
        process.standardError = FileHandle(forWritingAtPath: directory + "/stderr")
        let stdout = Pipe()
        process.standardOutput = stdout
        try process.run()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errors = FileManager.default.contents(atPath: directory + "/stderr") ?? Data()
        guard process.terminationStatus == 0 else {
            throw Failed(description: "python3 exited \(process.terminationStatus): \(String(decoding: errors, as: UTF8.self))")
        }
        return try JSONSerialization.jsonObject(with: output)
    }

    /// The rows of a CSV text as Python's `csv` module reads it.
    static func csvRows(_ data: Data) throws -> [[String]] {
        let script = """
            import csv, io, json, sys
            text = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", newline="")
            print(json.dumps(list(csv.reader(text))))
            """
        guard let rows = try json(script, input: data) as? [[String]] else { throw Failed(description: "not rows") }
        return rows
    }

    /// The YAML front matter of each file, as PyYAML's `safe_load` reads it (dates as
    /// `YYYY-MM-DD` strings), by file path.
    static func frontMatter(_ paths: [String]) throws -> [String: [String: Any]] {
        let script = """
            import json, sys, yaml
            result = {}
            for path in sys.argv[1:]:
                text = open(path, encoding="utf-8").read()
                lines = text.split("\\n")
                assert lines[0] == "---", path
                end = lines.index("---", 1)
                result[path] = yaml.safe_load("\\n".join(lines[1:end]))
            print(json.dumps(result, default=str))
            """
        guard let result = try json(script, arguments: paths) as? [String: [String: Any]] else {
            throw Failed(description: "not a mapping per file")
        }
        return result
    }
}
