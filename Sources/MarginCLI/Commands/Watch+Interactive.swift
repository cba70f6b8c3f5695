import ArgumentParser
import FileSafety
import Foundation
import NoteStore
import SpotifyClient
import Voice
import Watch
import MarginConfig
import MarginViews
#if canImport(Glibc)
import Glibc
#endif

/// An interactive view that cannot start ends margin with status 1 and its message.
extension WatchError: MarginError {}

/// `margin watch` on a terminal: sets up the session from the settings, runs it, and ends the
/// way the session ended.
struct InteractiveWatch {
    let settings: Settings
    let api: SpotifyAPI
    let store: StoreOptions
    let interval: Double
    let pauseOnNote: Bool
    /// Where a background sync says it brought notes.
    var pulled = PulledNotes()

    func run() async throws {
        let settings = self.settings, store = self.store
        let schedule = PollSchedule(playingEvery: .milliseconds(Int(interval * 1000)))
        var session = WatchSession(
            player: api, openStore: { try store.open(settings) }, leadMs: try settings.noteLeadMs(),
            pauseOnNote: try pauseOnNote || settings.pauseOnNote(),
            colour: ColorOption.palette.enabled, schedule: schedule, voice: Self.voice(settings, store: store))
        pulled.listen(session.notesChanged)
        let (ending, unsaved) = try await session.run()
        if let unsaved {
            Console.err("margin: the note being written was not saved; its text:\n\(Terminal.sanitize(unsaved))")
        }
        for id in session.untranscribed {
            let short = id.prefix(8)
            Console.err("margin: voice note \(short) is saved with its recording, not yet transcribed: 'margin transcribe \(short)' finishes it")
        }
        switch ending {
        case .status(0): return
        case .status(let code): throw ExitCode(code)
        case .signal(let signo):
            // Die of the signal, as the shell expects, now that the terminal is back.
            Signals.die(of: signo)
            throw ExitCode(128 + signo)
        }
    }

    /// What `v` records with: the recorder on PATH and the configured recognizer.
    private static func voice(_ settings: Settings, store: StoreOptions) -> WatchVoice {
        var voice = WatchVoice(storePath: store.path(settings), recorder: RecorderProgram.find(environment: settings.environment))
        // A broken `transcribe.*` setting is told when `v` is pressed, not at start.
        // Whisper's helper starts at the first `v` and serves every voice note of the view after it.
        do {
            voice.transcriber = try settings.transcriber()
        } catch {
            voice.problem = (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
        }
        return voice
    }
}
