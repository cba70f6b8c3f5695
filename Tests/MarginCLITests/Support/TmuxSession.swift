import Foundation

/// margin running on a real terminal inside a detached tmux session of its own server, for
/// end-to-end tests of the interactive view: keys go in with `send-keys`, the screen comes
/// out with `capture-pane`.
struct TmuxSession {
    let socket: String
    let directory: String

    /// Starts `margin arguments` in a `width`×`height` pane with `environment`. A wrapper
    /// script records `stty -a` before and after, and margin's exit status, in `directory`.
    static func start(_ arguments: [String], environment: [String: String], in directory: String,
                      width: Int = 100, height: Int = 30) throws -> TmuxSession {
        let session = TmuxSession(socket: "margin-test-" + UUID().uuidString.prefix(8), directory: directory)
        let exports = environment.map { "export \($0.key)=\(quote($0.value))" }.sorted().joined(separator: "\n")
        let command = ([MarginProcess.marginPath] + arguments).map(quote).joined(separator: " ")
        let script = """
            #!/bin/sh
            \(exports)
            export TERM=xterm-256color
            stty -a > '\(directory)/stty-before'
            \(command)
            echo $? > '\(directory)/status.tmp'
            stty -a > '\(directory)/stty-after'
            mv '\(directory)/status.tmp' '\(directory)/status'
            sleep 600
            """
        let path = directory + "/watch.sh"
        _ = FileManager.default.createFile(atPath: path, contents: Data(script.utf8), attributes: [.posixPermissions: 0o755])
        try session.tmux(["new-session", "-d", "-s", "w", "-x", "\(width)", "-y", "\(height)", path])
        return session
    }

    /// Ends the tmux server and everything in it.
    func stop() {
        _ = try? tmux(["kill-server"])
    }

    /// Presses keys by tmux's names (`n`, `Space`, `Enter`, `Escape`, `Left`, `C-c`).
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "w"] + keys)
    }

    /// Types `text` literally.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", "w", "-l", text])
    }

    /// Resizes the window to `width`×`height`.
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "w", "-x", "\(width)", "-y", "\(height)"])
    }

    /// The screen as text, one line per row.
    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", "w"])
    }

    /// Waits until the screen satisfies `condition`; returns it, or throws with the last one seen.
    @discardableResult
    func waitForScreen(timeout: Duration = .seconds(30), _ condition: (String) -> Bool) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        var last = ""
        while ContinuousClock.now < deadline {
            last = (try? screen()) ?? last
            if condition(last) { return last }
            try await Task.sleep(for: .milliseconds(200))
        }
        throw ScreenTimeout(screen: last)
    }

    /// margin's exit status once it has ended, waited for up to `timeout`.
    func exitStatus(timeout: Duration = .seconds(30)) async throws -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let text = try? String(contentsOfFile: directory + "/status", encoding: .utf8) {
                return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        return nil
    }

    /// `stty -a` before margin started and after it ended, without the first line: the size
    /// there changes with a resize, which is no setting of margin's.
    func terminalSettings() throws -> (before: String, after: String) {
        func modes(_ name: String) throws -> String {
            try String(contentsOfFile: directory + "/" + name, encoding: .utf8).split(separator: "\n").dropFirst().joined(separator: "\n")
        }
        return (try modes("stty-before"), try modes("stty-after"))
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let process = Process()
        // The tmux server forks from the first client and lives on; every descriptor the client
        // inherited (Foundation's own, other tests' pipes) would stay open in it and keep their
        // readers waiting. bash closes all but stdio before tmux starts.
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", #"for fd in /proc/$$/fd/*; do n=${fd##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-"; done 2>/dev/null; exec tmux "$@""#,
                             "tmux", "-L", socket, "-f", "/dev/null"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TmuxFailed(arguments: arguments) }
        return String(decoding: data, as: UTF8.self)
    }

    private static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}

struct ScreenTimeout: Error, CustomStringConvertible {
    var screen: String
    var description: String { "the screen never showed what was waited for; last screen:\n\(screen)" }
}

struct TmuxFailed: Error, CustomStringConvertible {
    var arguments: [String]
    var description: String { "tmux \(arguments.joined(separator: " ")) failed" }
}
