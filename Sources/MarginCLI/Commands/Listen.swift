import ArgumentParser
import FileSafety
import Foundation
import MarginConfig
import MarginViews
import NoteStore
import Voice

extension MarginCommand {
    /// `margin listen ID`: plays a voice note's recording.
    struct Listen: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "listen", abstract: "Play a voice note's recording (pw-play, paplay or aplay).")

        @OptionGroup var store: StoreOptions
        @Argument(help: "The note's id or a unique prefix of it.") var id: String

        func run() async throws {
            let settings = try Settings()
            let note = try store.open(settings).resolve(prefix: id)
            let path = note.voice?.audio ?? VoiceNote.audioPath(noteID: note.id, store: store.path(settings))
            guard FileManager.default.fileExists(atPath: path) else {
                let short = String(note.id.prefix(8))
                throw note.voice == nil ? VoiceCommandError.noRecording(id: short) : VoiceCommandError.recordingMissing(id: short, path: path)
            }
            guard let player = VoiceNote.player(environment: settings.environment) else { throw VoiceError.noPlayer }
            // The player's own complaint is kept for the one line margin prints, not passed through raw.
            guard let complaint = ChildProcess.pipe() else {
                throw VoiceCommandError.playerFailed(player: player, reason: ChildProcess.Errno(code: errno).text)
            }
            let started = ChildProcess.start([player, path], errors: .descriptor(complaint.write))
            close(complaint.write)
            defer { close(complaint.read) }
            guard case .success(let pid) = started else {
                let reason = if case .failure(let error) = started { error.text } else { "" }
                throw VoiceCommandError.playerFailed(player: player, reason: reason)
            }
            let said = ChildProcess.collect([complaint.read], limits: [65_536]).bytes[0]
            switch try? ChildProcess.wait(for: pid) {
            case .exited(0): return
            case .exited(let status), .signaled(let status):
                throw VoiceCommandError.playerFailed(player: player, reason: PlayerComplaint.reason(Data(said), status: status))
            case nil:
                throw VoiceCommandError.playerFailed(player: player, reason: "it could not be waited for")
            }
        }
    }
}

/// Failures of `listen` and `transcribe`.
enum VoiceCommandError: MarginError {
    case noRecording(id: String)
    case recordingMissing(id: String, path: String)
    case playerFailed(player: String, reason: String)

    var errorDescription: String? {
        switch self {
        case .noRecording(let id): "note \(id) has no recording; voice notes are taken with 'margin note --voice'"
        case .recordingMissing(let id, let path):
            "the recording of note \(id) is not at \(path) (moved or removed); put it back there, or type its text with 'margin edit \(id)'"
        case .playerFailed(let player, let reason): "'\(player)' could not play the recording (\(reason)); check that the sound server runs and an output device is set (pactl info), then run 'margin listen' again"
        }
    }
}
