import Foundation
import MarginViews
import SpotifyClient

/// Opens a URL with `$BROWSER`, else `xdg-open`, without waiting for it.
enum Browser {
    /// Starts the browser command on `login`'s authorize URL and returns it (keep it until the login ends), or
    /// nil after saying why it could not start. A command that starts and then fails (not
    /// installed, no display) is said as soon as it ends, while the login goes on waiting for
    /// the URL to be opened by hand or pasted; once `login` has its callback, it is not said.
    static func open(_ login: LoginAttempt, environment: [String: String]) -> Process? {
        let command = environment["BROWSER"].flatMap { $0.isEmpty ? nil : $0 } ?? "xdg-open"
        let words = command.split(separator: " ").map(String.init)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = words + [login.authorizeURL.absoluteString]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let shown = Terminal.sanitize(command)
        process.terminationHandler = { ended in
            guard !login.hasCallback, let reason = failure(ended) else { return }
            Console.err("margin: the browser command '\(shown)' failed (\(reason)); open the URL above yourself, or set BROWSER to one that works.")
        }
        do {
            try process.run()
            return process
        } catch {
            Console.err("Could not open a browser ('\(shown)' did not start); open the URL above yourself.")
            return nil
        }
    }

    /// Why the browser command failed, or nil if it did not. `env` ran it: 127 is a command it
    /// could not find, 126 one it could not run.
    static func failure(_ process: Process) -> String? {
        if process.terminationReason == .uncaughtSignal { return "ended by signal \(process.terminationStatus)" }
        switch process.terminationStatus {
        case 0: return nil
        case 127: return "not found"
        case 126: return "not executable"
        case let status: return "exit \(status)"
        }
    }
}

/// Reads a redirect URL pasted on a terminal (SSH sessions) while the callback server waits.
enum PastedRedirect {
    static func read(into attempt: SpotifyClient.LoginAttempt) {
        Console.err("Or paste the full address your browser was sent to, then press Enter:")
        let thread = Thread {
            while let line = readLine() {
                if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
                switch attempt.submit(pasted: line) {
                case .accepted:
                    return
                case .stateMismatch:
                    Console.err("That address does not match this login (its state differs), so margin ignored it; paste the address from the login you just opened.")
                case .notRedirect:
                    Console.err("That is not the redirect address; paste the whole URL from the browser's address bar (it contains 'code=').")
                }
            }
        }
        thread.start()
    }
}
