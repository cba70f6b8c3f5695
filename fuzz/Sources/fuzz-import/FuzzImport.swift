// libFuzzer entry point; build with -sanitize=fuzzer,address -parse-as-library (see scripts/fuzz.sh).
// Any thrown error or nil result is fine: only crashes, traps, hangs and sanitizer reports count.
import Foundation
import FuzzDriver
@testable import NoteStore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    guard let database = try? NoteDatabase.inMemory(now: { Date(timeIntervalSince1970: 1_795_000_000) }) else {
        fatalError("could not open an in-memory database")
    }
    _ = try? database.importNotes(from: bytes)
    return 0
}

/// SwiftPM links executables with `--defsym main=fuzz_import_main`: start libFuzzer from there.
@_cdecl("fuzz_import_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    margin_fuzz_run(argc, argv) { data, size in fuzz(data!, size) }
}
