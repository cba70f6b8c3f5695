import FileSafety
import Foundation

/// The program that records from the default microphone, as raw 16 kHz mono 16-bit samples on
/// its standard output: what Linux desktops run, PipeWire or PulseAudio, else ALSA.
public struct RecorderProgram: Sendable, Equatable {
    public var name: String
    public var path: String
    public var arguments: [String]

    static let rate = String(PCMAudio.speechRate)

    /// The recorder for this session: pw-record when a PipeWire server is running, parecord
    /// when a PulseAudio server (or PipeWire's) answers, else arecord; then whichever is
    /// installed. nil when none is.
    public static func find(environment: [String: String]) -> RecorderProgram? {
        let servers = SoundServers(environment: environment)
        let candidates: [(String, [String], Bool)] = [
            ("pw-record", ["--rate", rate, "--channels", "1", "--format", "s16", "-"], servers.pipeWire),
            ("parecord", ["--raw", "--format=s16le", "--rate=" + rate, "--channels=1", "--latency-msec=50"], servers.pulse),
            ("arecord", ["-q", "-t", "raw", "-f", "S16_LE", "-r", rate, "-c", "1"], true),
        ]
        let installed = candidates.compactMap { name, arguments, running in
            ChildProcess.find(name, environment: environment).map { (RecorderProgram(name: name, path: $0, arguments: arguments), running) }
        }
        return (installed.first { $0.1 } ?? installed.first)?.0
    }
}

/// Which sound servers this session can reach, from their sockets: PipeWire's, and
/// PulseAudio's (PipeWire's PulseAudio server included) or the one `PULSE_SERVER` names.
struct SoundServers {
    var pipeWire: Bool
    var pulse: Bool

    init(environment: [String: String]) {
        let runtime = environment["XDG_RUNTIME_DIR"] ?? ""
        pipeWire = !runtime.isEmpty && FileManager.default.fileExists(atPath: runtime + "/pipewire-0")
        pulse = environment["PULSE_SERVER"].map { !$0.isEmpty } ?? false
            || (!runtime.isEmpty && FileManager.default.fileExists(atPath: runtime + "/pulse/native"))
    }
}

