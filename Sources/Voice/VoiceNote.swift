import FileSafety
import Foundation

/// Where voice notes keep their recordings, and the tags they carry.
public enum VoiceNote {
    /// Every voice note carries this tag, so `margin list --tag voice` lists them.
    public static let tag = "voice"
    /// A voice note whose transcript is missing (the recognizer failed or heard no words)
    /// carries this tag until `margin transcribe` succeeds.
    public static let untranscribedTag = "untranscribed"

    /// The directory of recordings beside the store at `storePath`: `audio/` in the store's
    /// directory.
    public static func audioDirectory(forStore storePath: String) -> String {
        (storePath as NSString).deletingLastPathComponent.isEmpty
            ? "audio" : (storePath as NSString).deletingLastPathComponent + "/audio"
    }

    /// The recording of note `id`.
    public static func audioPath(noteID id: String, store storePath: String) -> String {
        audioDirectory(forStore: storePath) + "/\(id).wav"
    }

    /// Keeps `audio` as note `id`'s recording (16 kHz mono WAV, 0600, its directory 0700),
    /// written atomically; returns the path.
    @discardableResult
    public static func keep(_ audio: PCMAudio, noteID id: String, store storePath: String) throws(VoiceError) -> String {
        let directory = audioDirectory(forStore: storePath)
        let path = directory + "/\(id).wav"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotKeepAudio(path: path, reason: (error as NSError).localizedDescription)
        }
        try WAVFile.write(audio.rate == PCMAudio.speechRate ? audio : audio.resampled(to: PCMAudio.speechRate), to: path)
        return path
    }

    /// The program that plays a recording: pw-play when a PipeWire server runs, paplay when a
    /// PulseAudio server answers, else aplay; then whichever is installed.
    public static func player(environment: [String: String]) -> String? {
        let servers = SoundServers(environment: environment)
        let candidates = [("pw-play", servers.pipeWire), ("paplay", servers.pulse), ("aplay", true)]
        let installed = candidates.compactMap { name, running in ChildProcess.find(name, environment: environment).map { ($0, running) } }
        return (installed.first { $0.1 } ?? installed.first)?.0
    }
}
