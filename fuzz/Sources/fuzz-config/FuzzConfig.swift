// libFuzzer entry point; build with -sanitize=fuzzer,address -parse-as-library (see scripts/fuzz.sh).
// Any thrown error or nil result is fine: only crashes, traps, hangs and sanitizer reports count.
import Foundation
import FuzzDriver
@testable import MarginConfig

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let config = try? ConfigFile(text: text, path: "/fuzz/config.toml") { _ = config.values }
    return 0
}

/// SwiftPM links executables with `--defsym main=fuzz_config_main`: start libFuzzer from there.
@_cdecl("fuzz_config_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    margin_fuzz_run(argc, argv) { data, size in fuzz(data!, size) }
}
