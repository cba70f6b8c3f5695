import Foundation
@testable import MarginCLI
import Testing

/// What `watch` reads of margin-sync's report lines: the notes a sync pulled.
@Suite("watch's background sync: the report lines")
struct BackgroundSyncTests {
    @Test("a report's pulled count, and 0 for any line that is no report", arguments: [
        (#"{"pushed":1,"pulled":3,"conflicts":0,"skipped":[],"hub_reset":false}"#, 3),
        (#"{"pushed":2,"pulled":0,"conflicts":0,"skipped":[],"hub_reset":false}"#, 0),
        (#"{"pulled":"many"}"#, 0), ("pulled 3", 0), ("", 0), ("{\"pulled\":", 0),
    ])
    func pulled(line: String, count: Int) {
        #expect(BackgroundSync.pulled(Data(line.utf8)) == count)
    }
}
