import Foundation
import TestSupport

/// margin running on a real terminal inside a detached tmux session of its own server, for
/// end-to-end tests of the interactive view: keys go in with `send-keys`, the screen comes
/// out with `capture-pane`.
///
/// Every tmux client runs off the cooperative pool (see ``client(_:_:)``): the pool has two
/// threads on a two-core machine, and the in-process emulator answers on them.
struct TmuxSession {
    let socket: String
    let directory: String
    /// The tmux server's pid, which ``stop()`` signals.
    let server: pid_t

    /// Starts `margin arguments` in a `width`×`height` pane with `environment`, in a new folder
    /// of `parent`'s. A wrapper script records `stty -a` before and after, and margin's exit
    /// status, there: in a folder of its own, a session never reads an earlier one's status, nor
    /// reaches through the socket an earlier server still ending.
    static func start(_ arguments: [String], environment: [String: String], in parent: String,
                      width: Int = 100, height: Int = 30) async throws -> TmuxSession {
        // tmux's server cannot start without a real /dev/null; say so instead of a bare failure.
        let null = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
        guard null == .typeCharacterSpecial else { throw TmuxFailed(arguments: ["/dev/null is not a device on this machine"]) }
        let directory = parent + "/tty-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let socket = directory + "/tmux.sock"
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
        let pid = try await client(socket, ["new-session", "-d", "-s", "w", "-x", "\(width)", "-y", "\(height)", path,
                                            ";", "set-option", "-t", "w", "remain-on-exit", "on",
                                            ";", "display-message", "-p", "-t", "w", "#{pid}"])
        guard let server = pid_t(pid.trimmingCharacters(in: .whitespacesAndNewlines)), server > 0 else {
            throw TmuxFailed(arguments: ["new-session gave no server pid: \(pid)"])
        }
        return TmuxSession(socket: socket, directory: directory, server: server)
    }

    /// Ends the tmux server and everything in it with the signal `kill-server` sends the server
    /// (SIGTERM), without a client: this runs in `defer`, where nothing can be awaited, and a
    /// client waited for there would hold a thread of the pool. The server keeps its first
    /// client's command line, socket included: a pid since reused by another process is left alone.
    func stop() {
        guard let command = FileManager.default.contents(atPath: "/proc/\(server)/cmdline"),
              String(decoding: command, as: UTF8.self).contains(socket) else { return }
        kill(server, SIGTERM)
    }

    /// Presses keys by tmux's names (`n`, `Space`, `Enter`, `Escape`, `Left`, `C-c`).
    func press(_ keys: String...) async throws {
        try await tmux(["send-keys", "-t", "w"] + keys)
    }

    /// Types `text` literally.
    func type(_ text: String) async throws {
        try await tmux(["send-keys", "-t", "w", "-l", text])
    }

    /// Resizes the window to `width`×`height`.
    func resize(width: Int, height: Int) async throws {
        try await tmux(["resize-window", "-t", "w", "-x", "\(width)", "-y", "\(height)"])
    }

    /// Sends `signal` to margin (the child of the pane's shell).
    func signalMargin(_ signal: Int32) async throws {
        let shell = try await tmux(["display-message", "-p", "-t", "w", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        guard let pid = children.split(separator: " ").first.flatMap({ Int32($0) }) else { throw TmuxFailed(arguments: ["no margin process"]) }
        kill(pid, signal)
    }

    /// The screen as text, one line per row.
    func screen() async throws -> String {
        try await tmux(["capture-pane", "-p", "-t", "w"])
    }

    /// The screen and the lines scrolled off it, wrapped lines joined: what a program printed
    /// after its full-screen view ended.
    func history() async throws -> String {
        try await tmux(["capture-pane", "-p", "-J", "-S", "-200", "-t", "w"])
    }

    /// Waits until the screen satisfies `condition`; returns it, or throws with the last one seen.
    @discardableResult
    func waitForScreen(timeout: Duration = .seconds(30), _ condition: (String) -> Bool) async throws -> String {
        var last = ""
        do {
            return try await eventually("the screen", within: timeout, every: .milliseconds(200)) {
                last = (try? await screen()) ?? last
                return condition(last) ? last : nil
            }
        } catch is NeverHappened {
            throw ScreenTimeout(screen: last)
        }
    }

    /// margin's exit status once it has ended, waited for up to `timeout`.
    func exitStatus(timeout: Duration = .seconds(30)) async throws -> Int32? {
        let text = try? await eventually("margin's end", within: timeout, every: .milliseconds(200)) {
            try? String(contentsOfFile: directory + "/status", encoding: .utf8)
        }
        return text.flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// `stty -a` before margin started and after it ended, without the first line: the size
    /// there changes with a resize, which is no setting of margin's.
    func terminalSettings() throws -> (before: String, after: String) {
        func modes(_ name: String) throws -> String {
            try String(contentsOfFile: directory + "/" + name, encoding: .utf8).split(separator: "\n").dropFirst().joined(separator: "\n")
        }
        return (try modes("stty-before"), try modes("stty-after"))
    }

    /// Runs a tmux client on this session's server; its stdout.
    @discardableResult
    func tmux(_ arguments: [String]) async throws -> String {
        try await Self.client(socket, arguments)
    }

    /// Runs a tmux client on the server at `socket`. The server forks from the first one and
    /// lives on with what the client had: ChildProcess hands it no other descriptor
    /// (Foundation's own, other tests' pipes, which would keep their readers waiting) and no
    /// blocked signal (tmux would never see SIGCHLD or kill-server's end).
    ///
    /// Nothing here blocks a thread of the cooperative pool: the output is read on a thread of
    /// its own (`readToEnd`) and the end is awaited, not waited for. Many terminal tests poll
    /// their screens at once; blocked in tmux clients, they once left the in-process emulator
    /// no thread to answer a login's callback on. A client that hangs is killed after `timeout`.
    private static func client(_ socket: String, _ arguments: [String], timeout: Duration = .seconds(30)) async throws -> String {
        let output = try ChildPipe()
        let client = try ChildProcess("/usr/bin/tmux", ["-S", socket, "-f", "/dev/null"] + arguments,
                                      environment: ProcessInfo.processInfo.environment, output: output.write)
        try output.write.close()
        async let data = readToEnd(output.read)
        guard let exit = await client.exit(within: timeout) else {
            _ = await data
            throw TmuxFailed(arguments: arguments + ["(no answer in \(timeout))"])
        }
        let text = String(decoding: await data, as: UTF8.self)
        guard exit.status == 0 else { throw TmuxFailed(arguments: arguments) }
        return text
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
