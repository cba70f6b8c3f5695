import FileSafety
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// With `sync.auto = true`, `margin watch` syncs with the hub now, at once when another machine
/// pushes, and every minute as the fallback: margin-sync runs beside the view as
/// `--watch 60 --background` (quiet: the view owns the terminal; an unreachable hub is simply
/// tried again), prints a JSON line for each sync that changed something, and ends with margin.
/// Should it end by itself, the view says why (the last line it wrote on stderr).
final class BackgroundSync: Sendable {
    private let pid: pid_t
    /// Whether margin-sync has been reaped: from then on its pid may be another process's.
    private let reaped = Mutex(false)

    private init(pid: pid_t) { self.pid = pid }

    /// Starts margin-sync; tells `pulled` whenever a sync brought notes from the hub, and why,
    /// should margin-sync end by itself.
    static func start(_ helper: SyncHelper, pulled: PulledNotes) throws -> BackgroundSync {
        guard let output = ChildProcess.pipe() else { throw SyncHelperMissing(places: [helper.path], reason: "no pipe to read it through") }
        guard let errors = ChildProcess.pipe() else {
            [output.read, output.write].forEach { close($0) }
            throw SyncHelperMissing(places: [helper.path], reason: "no pipe to read it through")
        }
        let started = helper.start(["--json", "--watch", "60", "--background", "--parent", String(getpid())],
                                   output: output.write, errors: errors.write)
        [output.write, errors.write].forEach { close($0) }
        guard case .success(let pid) = started else {
            [output.read, errors.read].forEach { close($0) }
            if case .failure(let errno) = started { throw SyncHelperMissing(places: [helper.path], reason: errno.text) }
            throw SyncHelperMissing(places: [helper.path])
        }
        let sync = BackgroundSync(pid: pid)
        let lastError = LastLine()
        let errorsDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            lines(of: errors.read) { lastError.keep($0) }
            errorsDone.signal()
        }
        Thread.detachNewThread {
            // One line per sync that changed something, until margin-sync ends (end of file).
            lines(of: output.read) { if Self.pulled($0) > 0 { pulled.arrived() } }
            errorsDone.wait()
            if case .exited(let code)? = sync.reap(), code != 0 {
                let why = lastError.line.map { String(decoding: $0, as: UTF8.self) } ?? "exit \(code)"
                pulled.stopped("background sync stopped: " + (why.hasPrefix("margin: ") ? String(why.dropFirst(8)) : why))
            }
        }
        return sync
    }

    /// Ends margin-sync, unless it has ended and been reaped already.
    func cancel() {
        reaped.withLock { reaped in
            if !reaped { kill(pid, SIGTERM) }
        }
    }

    /// Waits for margin-sync's end (its output has ended: it is ending) and reaps it; nil when it
    /// cannot be waited for.
    private func reap() -> ChildProcess.Ending? {
        reaped.withLock { reaped in
            defer { reaped = true }
            return try? ChildProcess.wait(for: pid)
        }
    }

    /// The notes a report line says were pulled; 0 for a line that is no report.
    static func pulled(_ line: Data) -> Int {
        struct Report: Decodable { let pulled: Int }
        return (try? JSONDecoder().decode(Report.self, from: line))?.pulled ?? 0
    }
}

/// The last line a program wrote, kept short.
private final class LastLine: Sendable {
    private let kept = Mutex<Data?>(nil)
    var line: Data? { kept.withLock { $0 } }
    func keep(_ line: Data) {
        guard !line.isEmpty else { return }
        kept.withLock { $0 = line.prefix(300) }
    }
}

/// Hands each line read from `descriptor` to `take` until its end, then closes it. A line past
/// 1 MiB is no line margin-sync writes, and is dropped. (read(2) itself: FileHandle's reads wait
/// for a full buffer.)
private func lines(of descriptor: Int32, _ take: (Data) -> Void) {
    var pending: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        pending += buffer[..<count]
        while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
            take(Data(pending[..<end]))
            pending.removeSubrange(...end)
        }
        if pending.count > 1 << 20 { pending.removeAll() }
    }
    close(descriptor)
}
