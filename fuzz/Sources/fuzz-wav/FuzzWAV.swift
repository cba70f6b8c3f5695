// libFuzzer entry point; build with -sanitize=fuzzer,address -parse-as-library (see scripts/fuzz.sh).
// Any thrown error or nil result is fine: only crashes, traps, hangs and sanitizer reports count.
import FuzzDriver
@testable import Voice

/// `margin note --voice --audio FILE`: any bytes as a WAV file, then what margin does with the
/// audio it read (resampled to 16 kHz, written back as WAV).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let audio = try? WAVFile.decode(bytes, path: "fuzz.wav") {
        // Short prefixes only: resampling an hour of audio is slow, not wrong.
        let speech = audio.prefix(seconds: 0.05).resampled(to: PCMAudio.speechRate)
        _ = WAVFile.encode(speech)
    }
    return 0
}

/// SwiftPM links executables with `--defsym main=fuzz_wav_main`: start libFuzzer from there.
@_cdecl("fuzz_wav_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    margin_fuzz_run(argc, argv) { data, size in fuzz(data!, size) }
}
