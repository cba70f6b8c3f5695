// libFuzzer entry point; build with -sanitize=fuzzer,address -parse-as-library (see scripts/fuzz.sh).
// Any thrown error or nil result is fine: only crashes, traps, hangs and sanitizer reports count.
import Foundation
import FuzzDriver
@testable import SpotifyClient

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    // The decoder CredentialStore.load uses, and the token endpoint's reply.
    if let credentials = try? JSONDecoder.margin.decode(Credentials.self, from: bytes) {
        _ = try? JSONEncoder.margin.encode(credentials)
    }
    _ = try? JSONDecoder().decode(TokenReply.self, from: bytes)
    _ = OAuthErrorBody.decode(bytes)
    return 0
}

/// SwiftPM links executables with `--defsym main=fuzz_credentials_main`: start libFuzzer from there.
@_cdecl("fuzz_credentials_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    margin_fuzz_run(argc, argv) { data, size in fuzz(data!, size) }
}
