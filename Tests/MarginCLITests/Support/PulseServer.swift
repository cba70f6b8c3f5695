import Foundation
import TestSupport

/// A real PulseAudio server from Debian's packages, private to a test: a null sink whose
/// monitor is the default source, so that what is played into the sink is what a recorder
/// hears from "the microphone".
struct PulseServer {
    let directory: String
    var socket: String { directory + "/native" }
    /// What margin and the tools need to reach this server alone.
    var environment: [String: String] { ["PULSE_SERVER": "unix:" + socket] }

    /// Starts the server as a daemon: its starter exits once it serves, and ``stop()`` ends
    /// the daemon through its pid file.
    static func start() async throws -> PulseServer {
        let directory = try temporaryDirectory("margin-pulse")
        try FileManager.default.createDirectory(atPath: directory + "/run", withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let server = PulseServer(directory: directory)
        let started = try await MarginProcess.run(
            [
                "--daemonize=yes", "--exit-idle-time=-1", "--use-pid-file=yes", "-n", "--log-target=syslog",
                "--load=module-null-sink sink_name=margin_sink",
                "--load=module-native-protocol-unix auth-anonymous=1 socket=\(directory)/native",
            ],
            environment: ["HOME": directory, "XDG_RUNTIME_DIR": directory + "/run", "PATH": "/usr/bin:/bin"],
            executable: "/usr/bin/pulseaudio", timeout: .seconds(20))
        guard started.status == 0 else {
            server.stop()
            throw ProcessTimeout(arguments: ["pulseaudio did not start: \(started.stderr)"])
        }
        do {
            try await waitUntil("pulseaudio answering", within: .seconds(30)) {
                (try? await server.tool("pactl", "set-default-source", "margin_sink.monitor"))?.status == 0
            }
            return server
        } catch {
            server.stop()
            throw error
        }
    }

    /// Ends the daemon (its pid file is in the private runtime folder) and removes its files.
    func stop() {
        if let text = try? String(contentsOfFile: directory + "/run/pulse/pid", encoding: .utf8),
           let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            kill(pid, SIGTERM)
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Kills the daemon at once, as a crash would; its files stay until ``stop()``.
    func crash() {
        if let text = try? String(contentsOfFile: directory + "/run/pulse/pid", encoding: .utf8),
           let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            kill(pid, SIGKILL)
        }
    }

    /// Runs pactl, paplay… against this server.
    func tool(_ name: String, _ arguments: String...) async throws -> ProcessResult {
        try await MarginProcess.run(arguments, environment: environment.merging(["PATH": "/usr/bin:/bin"]) { $1 },
                                    executable: "/usr/bin/" + name, timeout: .seconds(20))
    }

    /// Waits until something records from the server (margin's recorder has connected).
    func waitForRecorder() async throws {
        try await waitUntil("a recorder connecting to the sound server", every: .milliseconds(50)) {
            !(try await tool("pactl", "list", "short", "source-outputs")).stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        }
    }
}
