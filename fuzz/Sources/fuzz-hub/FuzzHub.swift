// libFuzzer entry point; build with -sanitize=fuzzer,address -parse-as-library (see scripts/fuzz.sh).
// The sync hub's URL (MARGIN_SYNC_URL, sync.url) and a line of ~/.pgpass: user input margin reads.
import Foundation
import FuzzDriver
import NoteSync
@testable import SyncHub

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let address = try? HubAddress(text, environment: [:]) { _ = address.description }
    _ = HubAddress.redacted(text)
    _ = PasswordFile.fields(text)
    _ = HybridTimestamp(text)
    return 0
}

/// SwiftPM links executables with `--defsym main=fuzz_hub_main`: start libFuzzer from there.
@_cdecl("fuzz_hub_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    margin_fuzz_run(argc, argv) { data, size in fuzz(data!, size) }
}
