// libFuzzer entry point; build with -sanitize=fuzzer,address -parse-as-library (see scripts/fuzz.sh).
// Any thrown error or nil result is fine: only crashes, traps, hangs and sanitizer reports count.
import Foundation
import FuzzDriver
@testable import MarginViews

private let now = Date(timeIntervalSince1970: 1_795_000_000)
private let zones = [TimeZone(identifier: "UTC")!, TimeZone(identifier: "Pacific/Kiritimati")!,
                     TimeZone(identifier: "America/St_Johns")!]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for zone in zones { _ = DateValue.parse(text, now: now, timeZone: zone) }
    return 0
}

/// SwiftPM links executables with `--defsym main=fuzz_date_main`: start libFuzzer from there.
@_cdecl("fuzz_date_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    margin_fuzz_run(argc, argv) { data, size in fuzz(data!, size) }
}
