import Foundation

/// Runs a page's shell blocks in order in one `bash -euo pipefail`, as a reader types them into
/// one terminal: what a block exports or starts is there for the next.
enum DocPageRun {
    /// A block that did not exit 0: which one, how it ended, and what it said on stderr.
    struct Failure: Error, CustomStringConvertible {
        var block: DocBlock
        var status: Int32
        var stderr: String
        var description: String {
            "\(block.location): the block exited \(status)\n--- the block ---\n\(block.text)--- its stderr ---\n\(stderr)"
        }
    }

    static let marker = "@@doc-test block "

    /// Runs `blocks` from `directory` with exactly `environment`; nil when every block exited 0.
    /// Whatever the blocks left running in the background (an emulator) is stopped at the end.
    static func run(_ blocks: [DocBlock], in directory: String, environment: [String: String],
                    timeout: Duration = .seconds(240)) async throws -> Failure? {
        let folder = directory + "/.doc-test"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var driver = """
            set -euo pipefail
            # The blocks run in this shell's process group, which the test gave it alone.
            trap 'status=$?; trap "" TERM; kill -TERM -- -$$ 2>/dev/null; exit $status' EXIT
            cd '\(directory)'

            """
        for (index, block) in blocks.enumerated() {
            let file = "\(folder)/block-\(index).sh"
            try Data(block.text.utf8).write(to: URL(fileURLWithPath: file))
            driver += "printf '\\n\(marker)\(index)\\n' >&2\n. '\(file)'\n"
        }
        driver += "printf '\\n\(marker)done\\n' >&2\n"
        let script = folder + "/driver.sh"
        try Data(driver.utf8).write(to: URL(fileURLWithPath: script))
        let result = try await MarginProcess.run([script], environment: environment, executable: "/bin/bash", timeout: timeout)
        if result.status == 0, result.stderr.contains(marker + "done") { return nil }
        // The last marker written names the block that was running.
        let parts = result.stderr.components(separatedBy: "\n" + marker)
        let last = parts.count > 1 ? parts[parts.count - 1] : ""
        let index = Int(last.prefix { $0.isNumber }) ?? 0
        let said = last.drop { $0 != "\n" }.dropFirst()
        guard blocks.indices.contains(index) else {
            return Failure(block: blocks[0], status: result.status, stderr: result.stderr)
        }
        return Failure(block: blocks[index], status: result.status == 0 ? -1 : result.status, stderr: String(said))
    }
}
