// libFuzzer entry point; build with -sanitize=fuzzer,address -parse-as-library (see scripts/fuzz.sh).
// Any thrown error or nil result is fine: only crashes, traps, hangs and sanitizer reports count.
import Foundation
import FuzzDriver
@testable import SpotifyClient

/// The first line is the expected state, the rest the query (or a pasted redirect URL).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let (state, rest): (String, String)
    if let newline = text.firstIndex(of: "\n") {
        (state, rest) = (String(text[..<newline]), String(text[text.index(after: newline)...]))
    } else {
        (state, rest) = ("fuzz-state", text)
    }
    _ = CallbackOutcome.classify(query: rest, expectedState: state)
    _ = CallbackOutcome.classify(query: nil, expectedState: state)
    _ = CallbackOutcome.classify(pastedURL: rest, expectedState: state)
    _ = FormEncoding.decode(rest)
    return 0
}

/// SwiftPM links executables with `--defsym main=fuzz_callback_main`: start libFuzzer from there.
@_cdecl("fuzz_callback_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    margin_fuzz_run(argc, argv) { data, size in fuzz(data!, size) }
}
