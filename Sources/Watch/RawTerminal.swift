import Foundation
import MarginViews
import FileSafety
#if canImport(Glibc)
import Glibc
#endif

/// The terminal in the interactive `watch`'s mode: raw input (keys one at a time, no echo,
/// Ctrl-C as a byte), the alternate screen, bracketed paste, the cursor hidden.
///
/// ``restore()`` undoes all of it, and is called on every way out: `q`, Ctrl-C, SIGTERM and
/// SIGHUP through the event loop, and a crash through ``installCrashRestore()``.
struct RawTerminal: Sendable {
    /// Leaves the alternate screen and puts the cursor and paste mode back.
    static let leaveSequence: StaticString = "\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    /// The terminal's settings when margin first looked: what every way out puts back. A
    /// static `let` so that the crash handler, which can capture nothing, can reach it.
    static let original: termios? = {
        var settings = termios()
        return tcgetattr(STDIN_FILENO, &settings) == 0 ? settings : nil
    }()

    /// Switches the terminal into watch's mode.
    static func enter() throws(WatchError) -> RawTerminal {
        guard var raw = original else { throw .notATerminal }
        // Input: no break-to-SIGINT, no CR→NL, no parity strip, no Ctrl-S/Ctrl-Q flow control.
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        // Local: no echo, no line buffering, no Ctrl-C/Ctrl-Z signals, no Ctrl-V.
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        // A read returns as soon as one byte is there.
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { throw .notATerminal }
        installCrashRestore()
        let terminal = RawTerminal()
        terminal.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[2J")
        return terminal
    }

    /// Puts the terminal back as it was. Safe to call more than once.
    func restore() {
        Self.leaveSequence.withUTF8Buffer { bytes in _ = Glibc.write(STDOUT_FILENO, bytes.baseAddress, bytes.count) }
        if var original = Self.original { tcsetattr(STDIN_FILENO, TCSAFLUSH, &original) }
    }

    /// Writes `text` to the terminal; a terminal that is gone has nothing left to show, so a
    /// failure is dropped (the event loop ends on a hang-up or a closed input instead).
    func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// On a crash (a trap, an abort, a bad access) the terminal is put back before the process
    /// dies with the same signal: a user must never be left in a raw, blank alternate screen.
    /// Only async-signal-safe calls run in the handler: `write(2)`, `tcsetattr`, `signal`, `raise`.
    static func installCrashRestore() {
        for signo in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
            signal(signo) { signo in
                RawTerminal.leaveSequence.withUTF8Buffer { bytes in _ = Glibc.write(STDOUT_FILENO, bytes.baseAddress, bytes.count) }
                if var original = RawTerminal.original { tcsetattr(STDIN_FILENO, TCSAFLUSH, &original) }
                signal(signo, SIG_DFL)
                raise(signo)
            }
        }
    }

    /// Sends stderr to /dev/null; returns the descriptor that puts it back.
    static func silenceStandardError() -> Int32 {
        let saved = dup(STDERR_FILENO)
        let null = open("/dev/null", O_WRONLY)
        if null >= 0 {
            dup2(null, STDERR_FILENO)
            close(null)
        }
        return saved
    }

    /// Puts back the stderr ``silenceStandardError()`` saved.
    static func restoreStandardError(_ saved: Int32) {
        guard saved >= 0 else { return }
        dup2(saved, STDERR_FILENO)
        close(saved)
    }

    /// The terminal's size in cells, or 80×24 when it does not say.
    static func size() -> (width: Int, height: Int) {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            return (Int(size.ws_col), Int(size.ws_row))
        }
        let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init) ?? 80
        return (columns > 0 ? columns : 80, 24)
    }
}

/// Why the interactive `watch` could not start.
public enum WatchError: LocalizedError, Equatable {
    case notATerminal

    public var errorDescription: String? {
        "cannot switch the terminal to interactive mode; run 'margin watch' with its output piped for the line-per-change view"
    }
}
