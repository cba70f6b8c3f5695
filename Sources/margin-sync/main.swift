import FileSafety
import Foundation

// margin-sync: `margin sync`'s work, in a program of its own so that the PostgreSQL client and
// its TLS stack load only when a sync runs. margin checks the words and the settings, then runs
// it (in its own place for `margin sync`, as a child of `margin watch` for sync.auto); the
// words it takes are in SyncRequest.
StandardStreams.prepare()
let request: SyncRequest
do {
    request = try SyncRequest(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
} catch {
    SyncRun.end(error)
}
await SyncRun(request).run()
