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
        // tmux's server cannot start without a real /dev/null; say so instead of a bare failure.
        let null = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
        guard null == .typeCharacterSpecial else { throw TmuxFailed(arguments: ["/dev/null is not a device on this machine"]) }
        let session = TmuxSession(socket: directory + "/tmux.sock", directory: directory)
        let exports = environment.map { "export \($0.key)=\(quote($0.value))" }.sorted().joined(separator: "\n")
        let command = ([MarginProcess.marginPath] + arguments).map(quote).joined(separator: " ")
        let script = """
            #!/bin/sh
            \(exports)
            export TERM=xterm-256color
            # Ctrl-C reaches the whole foreground group, this script too: as an interactive
            # shell does, it waits for margin and records its status rather than dying first.
            trap : INT
            stty -a > '\(directory)/stty-before'
            \(command)
            echo $? > '\(directory)/status.tmp'
            stty -a > '\(directory)/stty-after'
            mv '\(directory)/status.tmp' '\(directory)/status'
            """
        let path = directory + "/watch.sh"
        _ = FileManager.default.createFile(atPath: path, contents: Data(script.utf8), attributes: [.posixPermissions: 0o755])
        // The pane stays, with its last screen, once the script ends; kill-server then has no
        // process left to wait for. Set in the same command as the session starts, so that a
        // margin that ends at once still leaves its pane.
        try session.tmux(["new-session", "-d", "-s", "w", "-x", "\(width)", "-y", "\(height)", path,
                          ";", "set-option", "-t", "w", "remain-on-exit", "on"])
        return session
    }

    /// Ends the tmux server and everything in it; the server's pid is the fallback, should its
    /// socket be gone.
    func stop() {
        let pid = (try? tmux(["display-message", "-p", "#{pid}"])).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        if (try? tmux(["kill-server"])) == nil, let pid, pid > 0 { kill(pid, SIGKILL) }
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

    /// Sends `signal` to margin (the child of the pane's shell).
    func signalMargin(_ signal: Int32) throws {
        let shell = try tmux(["display-message", "-p", "-t", "w", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        guard let pid = children.split(separator: " ").first.flatMap({ Int32($0) }) else { throw TmuxFailed(arguments: ["no margin process"]) }
        kill(pid, signal)
    }

    /// The screen as text, one line per row.
    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", "w"])
    }

    /// The screen and the lines scrolled off it, wrapped lines joined: what a program printed
    /// after its full-screen view ended.
    func history() throws -> String {
        try tmux(["capture-pane", "-p", "-J", "-S", "-200", "-t", "w"])
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

    /// Runs a tmux client. The server forks from the first one and lives on with what the
    /// client had: ChildProcess hands it no other descriptor (Foundation's own, other tests'
    /// pipes, which would keep their readers waiting) and no blocked signal (tmux would never
    /// see SIGCHLD or kill-server's end).
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let output = try ChildPipe()
        let client = try ChildProcess("/usr/bin/tmux", ["-S", socket, "-f", "/dev/null"] + arguments,
                                      environment: ProcessInfo.processInfo.environment, output: output.write)
        try output.write.close()
        let data = output.read.readDataToEndOfFile()
        guard client.waitUntilExit().status == 0 else { throw TmuxFailed(arguments: arguments) }
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
