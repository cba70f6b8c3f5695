#if canImport(Glibc)
import Glibc
#endif

extension ChildProcess {
    /// What a child wrote on the pipes read, and whether the deadline came first.
    public struct Collected: Sendable {
        /// Each pipe's bytes, in the order the pipes were given, cut at their limits.
        public var bytes: [[UInt8]]
        /// The deadline passed before every pipe ended; the child is still running.
        public var timedOut: Bool
    }

    /// Reads `descriptors` (the read ends of a child's pipes) together until each ends or
    /// `deadline`, if there is one, passes, keeping at most `limits[i]` bytes of pipe `i`. Past its limit a pipe
    /// is still read to its end, so that the child is never cut off mid-write (it would fail
    /// on SIGPIPE). The descriptors stay open: they are the caller's to close.
    public static func collect(_ descriptors: [Int32], limits: [Int], until deadline: ContinuousClock.Instant? = nil) -> Collected {
        var kept = descriptors.map { _ in [UInt8]() }
        var open = Array(descriptors.indices)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !open.isEmpty {
            let left = deadline.map { ContinuousClock.now.duration(to: $0) }
            if let left, left <= .zero { return Collected(bytes: kept, timedOut: true) }
            var polled = open.map { pollfd(fd: descriptors[$0], events: Int16(POLLIN), revents: 0) }
            let ready = poll(&polled, nfds_t(polled.count), left.map(milliseconds) ?? -1)
            guard ready > 0 else { continue }
            for (index, entry) in zip(open, polled) where entry.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                if count <= 0 {
                    open.removeAll { $0 == index }
                } else {
                    let limit = index < limits.count ? limits[index] : Int.max
                    kept[index] += buffer[0..<min(count, max(0, limit - kept[index].count))]
                }
            }
        }
        return Collected(bytes: kept, timedOut: false)
    }

    /// `duration` as `poll`'s timeout, rounded up so that a poll never ends just before it.
    static func milliseconds(_ duration: Duration) -> Int32 {
        Int32(clamping: duration.wholeMilliseconds + 1)
    }
}
