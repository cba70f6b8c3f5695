import Foundation

/// How the user ends a recording: Enter, or Ctrl-C (which then ends the recording, not margin).
public enum StopKeys {
    /// Yields once for each Enter on stdin (unless `watchingStdin` is false: a stdin closed at
    /// start) and each Ctrl-C, until ``restore()``.
    ///
    /// Ctrl-C's handler writes a byte to a pipe (about all a signal handler may do); a thread
    /// of its own waits on that pipe and on stdin. It lives as long as the process, which ends
    /// soon after the recording.
    public static func stream(watchingStdin: Bool = true) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        let pipe = interruptPipe
        signal(SIGINT) { _ in
            var byte: UInt8 = 1
            _ = write(interruptPipe.write, &byte, 1)
        }
        let watchStdin = watchingStdin
        Thread.detachNewThread {
            var descriptors = [pollfd(fd: pipe.read, events: Int16(POLLIN), revents: 0)]
            if watchStdin { descriptors.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)) }
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                guard poll(&descriptors, nfds_t(descriptors.count), -1) > 0 else {
                    if errno == EINTR { continue }
                    return
                }
                for index in descriptors.indices where descriptors[index].revents != 0 {
                    let count = read(descriptors[index].fd, &buffer, buffer.count)
                    if descriptors[index].fd == pipe.read {
                        if count > 0 { continuation.yield(()) }
                    } else if count <= 0 {
                        // stdin ended: only Ctrl-C is left.
                        descriptors[index].fd = -1
                    } else if buffer.prefix(count).contains(where: { $0 == 0x0A || $0 == 0x0D }) {
                        continuation.yield(())
                    }
                }
            }
        }
        return stream
    }

    /// Ctrl-C ends margin again.
    public static func restore() {
        signal(SIGINT, SIG_DFL)
    }
}

/// The pipe Ctrl-C's handler writes to: made before the handler is installed.
private let interruptPipe: (read: Int32, write: Int32) = {
    var descriptors: [Int32] = [-1, -1]
    _ = pipe(&descriptors)
    for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    return (descriptors[0], descriptors[1])
}()
