// libFuzzer entry point; build with -sanitize=fuzzer,address -parse-as-library (see scripts/fuzz.sh).
// Any thrown error or nil result is fine: only crashes, traps, hangs and sanitizer reports count.
import Foundation
import FuzzDriver
@testable import NoteStore
@testable import NoteTransfer

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // The reader alone first: it is where the input is taken apart, and it is quick.
    var batch = ImportBatch()
    var records = 0
    let readable = (try? ImportReader.forEachRecord(in: UnsafeBufferPointer(start: data, count: size), into: &batch) { batch, _ in
        records += 1
        if batch.count == ImportPipe.batchSize { batch.removeAll() }
        return true
    }) != nil
    // Inputs that read cleanly go through the whole import, threads and store included.
    guard readable, records > 0 else { return 0 }
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    guard let database = try? NoteDatabase.inMemory(now: { Date(timeIntervalSince1970: 1_795_000_000) }) else {
        fatalError("could not open an in-memory database")
    }
    guard let counts = try? database.importNotes(from: bytes) else { fatalError("the reader accepted what the import refused") }
    guard counts.added + counts.updated + counts.unchanged + counts.conflicts == records else { fatalError("records went missing") }
    return 0
}

/// SwiftPM links executables with `--defsym main=fuzz_import_main`: start libFuzzer from there.
@_cdecl("fuzz_import_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    margin_fuzz_run(argc, argv) { data, size in fuzz(data!, size) }
}
