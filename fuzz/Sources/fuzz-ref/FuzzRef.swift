// libFuzzer entry point; build with -sanitize=fuzzer,address -parse-as-library (see scripts/fuzz.sh).
// Any thrown error or nil result is fine: only crashes, traps, hangs and sanitizer reports count.
import Foundation
import FuzzDriver
@testable import MarginCLI
@testable import MarginViews

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for kind in [SpotifyRef.Kind.episode, .show, .track] {
        if let ref = SpotifyRef(parsing: text, as: kind) { _ = ref.uri }
    }
    // A REF argument that is not a reference is a name, matched against names as the user typed them.
    _ = EpisodeRef(argument: text)?.display
    _ = ShowRef(argument: text)?.display
    _ = NameMatch.fold(text)
    return 0
}

/// SwiftPM links executables with `--defsym main=fuzz_ref_main`: start libFuzzer from there.
@_cdecl("fuzz_ref_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    margin_fuzz_run(argc, argv) { data, size in fuzz(data!, size) }
}
