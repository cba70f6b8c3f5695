import Foundation
import MarginViews
import SpotifyClient

/// Opens a URL with `$BROWSER`, else `xdg-open`, without waiting for it.
enum Browser {
    /// Returns nil when the browser command started, or why it could not.
    static func open(_ url: URL, environment: [String: String]) -> String? {
        let command = environment["BROWSER"].flatMap { $0.isEmpty ? nil : $0 } ?? "xdg-open"
        let words = command.split(separator: " ").map(String.init)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = words + [url.absoluteString]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            return nil
        } catch {
            return "'\(command)' did not start"
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
