import FileSafety
import Foundation
import MarginViews
import SpotifyClient

/// Opens a URL with `$BROWSER`, else `xdg-open`, without waiting for it.
enum Browser {
    /// Starts the browser command on `login`'s authorize URL and returns its pid, or nil after
    /// saying why it could not start. A command that starts and then fails (not installed, no
    /// display) is said as soon as it ends, while the login goes on waiting for the URL to be
    /// opened by hand or pasted; once `login` has its callback, it is not said.
    @discardableResult
    static func open(_ login: LoginAttempt, environment: [String: String]) -> pid_t? {
        let command = environment["BROWSER"].flatMap { $0.isEmpty ? nil : $0 } ?? "xdg-open"
        let words = command.split(separator: " ").map(String.init)
        let shown = Terminal.sanitize(command)
        let started = ChildProcess.start(["/usr/bin/env"] + words + [login.authorizeURL.absoluteString],
                                         input: .null, output: .null, errors: .null)
        guard case .success(let pid) = started else {
            Console.err("Could not open a browser ('\(shown)' did not start); open the URL above yourself.")
            return nil
        }
        // Reaped on a thread of its own, so that a failure is said while the login waits.
        ChildProcess.whenEnded(pid) { ended in
            guard !login.hasCallback, case .success(let ending) = ended, let reason = failure(ending) else { return }
            Console.err("margin: the browser command '\(shown)' failed (\(reason)); open the URL above yourself, or set BROWSER to one that works.")
        }
        return pid
    }

    /// Why the browser command failed, or nil if it did not. `env` ran it: 127 is a command it
    /// could not find, 126 one it could not run.
    static func failure(_ ending: ChildProcess.Ending) -> String? {
        switch ending {
        case .signaled(let signal): "ended by signal \(signal)"
        case .exited(0): nil
        case .exited(127): "not found"
        case .exited(126): "not executable"
        case .exited(let status): "exit \(status)"
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
