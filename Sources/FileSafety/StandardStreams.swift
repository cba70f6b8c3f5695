import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Puts stdin, stdout, stderr and SIGPIPE in a known state before margin opens anything.
public enum StandardStreams {
    /// The standard descriptors (0, 1, 2) that were closed when margin started.
    ///
    /// A closed one is taken by the next file or socket opened, and the runtime opens some
    /// (libdispatch's eventfd) before margin's first line runs: writing "stdout" would then
    /// write into that. So output to a descriptor listed here is refused (``OutputFile``
    /// reports it closed), and one still free is held open on /dev/null, so that no file
    /// margin opens later lands on it either.
    public static let closedAtStart: Set<Int32> = findClosed()

    /// Call first thing: every descriptor margin opens after this one is safe from the mix-up.
    public static func prepare() {
        // With SIGPIPE's default action a reader that goes away kills margin on the spot,
        // mid-command (after a note is stored, say) and with no say in the exit status; and
        // SwiftNIO ignores SIGPIPE anyway once a command opens its first socket. Ignored from
        // the start, a closed pipe is an EPIPE error that every command handles the same way
        // (OutputFile.Failure.readerGone). Child processes (the editor, the browser) inherit
        // the ignored signal, as they did whenever a socket had been opened before them.
        Signals.ignore(SIGPIPE)
        _ = closedAtStart
    }

    private static func findClosed() -> Set<Int32> {
        var closed: Set<Int32> = []
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            let flags = fcntl(descriptor, F_GETFD)
            if flags == -1 {
                let null = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
                if null >= 0, null != descriptor {
                    dup2(null, descriptor)
                    close(null)
                }
                closed.insert(descriptor)
            } else if flags & FD_CLOEXEC != 0 {
                // Inherited descriptors never carry close-on-exec (exec would have closed
                // them), so this one was opened in this process, in a slot left empty.
                closed.insert(descriptor)
            }
        }
        return closed
    }
}
