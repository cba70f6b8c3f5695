import FileSafety
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// With `sync.auto = true`, `margin watch` syncs with the hub now, at once when another machine
/// pushes, and every minute as the fallback: margin-sync runs beside the view as
/// `--watch 60 --background` (quiet: the view owns the terminal; an unreachable hub is simply
/// tried again), prints a JSON line for each sync that changed something, and ends with margin.
final class BackgroundSync: Sendable {
    private let pid: pid_t

    private init(pid: pid_t) { self.pid = pid }

    /// Starts margin-sync; tells `pulled` whenever a sync brought notes from the hub. Nil when it
    /// could not start: the view runs without syncing, as it would with the hub unreachable.
    static func start(_ helper: SyncHelper, pulled: PulledNotes) -> BackgroundSync? {
        guard let (read, write) = ChildProcess.pipe() else { return nil }
        let started = helper.start(["--json", "--watch", "60", "--background", "--parent", String(getpid())], output: write)
        close(write)
        guard case .success(let pid) = started else {
            close(read)
            return nil
        }
        Thread.detachNewThread {
            // One line per sync that changed something, until margin-sync ends (end of file).
            // (read(2) itself: FileHandle's reads wait for a full buffer.)
            var pending: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(read, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                pending += buffer[..<count]
                while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    if Self.pulled(Data(pending[..<end])) > 0 { pulled.arrived() }
                    pending.removeSubrange(...end)
                }
                // A line longer than any report margin-sync prints is not one of them.
                if pending.count > 1 << 20 { pending.removeAll() }
            }
            close(read)
            _ = try? ChildProcess.wait(for: pid)
        }
        return BackgroundSync(pid: pid)
    }

    /// Ends margin-sync (the reading thread then reaps it).
    func cancel() {
        kill(pid, SIGTERM)
    }

    /// The number of notes a report line says were pulled; 0 for a line that is no report.
    static func pulled(_ line: Data) -> Int {
        struct Report: Decodable { let pulled: Int }
        return (try? JSONDecoder().decode(Report.self, from: line))?.pulled ?? 0
    }
}
