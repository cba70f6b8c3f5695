#if canImport(Glibc)
import Glibc
#endif

/// Waits for process `pid` to end, though it is not this process's child (so `waitpid` cannot
/// see it), through a pidfd, which becomes readable when the process ends. Returns whether it
/// ended within `limit` (where the C library has no `pidfd_open`, whether it has ended already).
public func processEnds(_ pid: pid_t, within limit: Duration) -> Bool {
    typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "pidfd_open") else { return kill(pid, 0) != 0 }
    let descriptor = unsafeBitCast(symbol, to: PidfdOpen.self)(pid, 0)
    // No such process: it has ended already.
    guard descriptor >= 0 else { return errno == ESRCH }
    defer { close(descriptor) }
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    let milliseconds = Int32(min(max(limit / .milliseconds(1), 0), Double(Int32.max)))
    while true {
        let ready = poll(&entry, 1, milliseconds)
        if ready < 0, errno == EINTR { continue }
        return ready > 0
    }
}
