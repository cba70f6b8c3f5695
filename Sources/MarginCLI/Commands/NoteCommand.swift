import ArgumentParser
import Foundation
import NoteCapture
import NoteStore
import NoteTransfer
import SpotifyClient
import Voice
import MarginConfig
import MarginViews
import FileSafety

extension MarginCommand {
    /// `margin note`: saves a note pinned to the playing episode and position. Never loses text.
    struct NoteCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "note",
            abstract: "Save a note pinned to the episode playing now and its exact position.",
            discussion: """
                With no TEXT, reads stdin when it is not a terminal, else opens $EDITOR (playback paused while \
                you write). When the note cannot be pinned (not logged in, Spotify unreachable or slower than \
                the pin timeout, nothing playing) it is saved unpinned, and 'margin pin' pins it later. \
                With --voice, margin pins the moment, pauses, records until Enter, Ctrl-C or 2 s of silence, \
                resumes, and transcribes on this machine (a draft: the recording is kept, 'margin listen ID' \
                plays it).
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var store: StoreOptions
        @OptionGroup var playback: PlaybackOptions
        @Argument(help: "The note; several words are joined with spaces.") var text: [String] = []
        @Flag(help: "Pause playback too.") var pause = false
        @Option(name: [.customShort("t"), .customLong("tag")], help: "A tag (repeatable).") var tags: [String] = []
        @Option(parsing: .unconditional, help: "Pin at this position instead of the player's: \(TimeValue.examples).",
                transform: TimeValue.argument)
        var at: TimeValue?
        @Option(help: "Pin this long before the player's position: 20s, 1m (default: config note.lead, else 0).",
                transform: TimeValue.argument)
        var ago: TimeValue?
        @Option(name: .shortAndLong, help: "Pin to this episode instead of the playing one (needs --at).", transform: EpisodeRef.argument)
        var episode: EpisodeRef?
        @Flag(help: "Say the note: recorded from the microphone and transcribed on this machine.") var voice = false
        @Option(help: ArgumentHelp("With --voice: take the recording from this 16-bit PCM WAV file.", valueName: "file.wav"),
                completion: .file(extensions: ["wav"]))
        var audio: String?
        @Option(name: .customLong("max"), help: ArgumentHelp("With --voice: the longest recording, in seconds.", valueName: "seconds"))
        var maxSeconds: Double = 120
        @Flag(name: .shortAndLong, help: "Print the saved note as JSON.") var json = false

        func validate() throws {
            if voice, !text.isEmpty { throw ValidationError("--voice takes no TEXT: the note is what you say") }
            if audio != nil, !voice { throw ValidationError("--audio needs --voice: margin note --voice --audio FILE.wav") }
            guard maxSeconds >= 1, maxSeconds <= 3600 else { throw ValidationError("--max must be 1 to 3600 seconds, e.g. --max 120") }
            if episode != nil, at == nil { throw ValidationError("--episode needs --at TIME, e.g. --at 12:34") }
            if ago != nil, at != nil { throw ValidationError("--ago and --at both say where to pin; give one of them") }
            _ = try Tags.normalize(tags)
        }

        func run() async throws {
            let (settings, configProblem) = Settings.lenient()
            // A name for --episode is resolved before anything is recorded or read, like a usage error.
            let episodeID: String?
            do {
                episodeID = try episode.map { episode in try episode.id(in: try store.open(settings)) }
            } catch let failure as NameMatchFailure {
                throw UnknownEpisodeName(failure: failure, text: text.isEmpty ? nil : text.joined(separator: " "))
            }
            let noteID = UUID().uuidString.lowercased()
            let when: CaptureRequest.When = switch (episodeID, at?.milliseconds) {
            case (let id?, let position?): .episode(id: id, positionMs: position)
            case (nil, let position?): .at(positionMs: position)
            default: .now
            }
            let draft = Editor.draftPath(noteID: noteID, store: store.path(settings))
            // A file that cannot be a recording is refused before anything is paused.
            if voice, let audio { try WAVFile.check(path: audio) }
            let what = voice
                ? VoiceCapture(settings: settings, storePath: store.path(settings), audioFile: audio, maxSeconds: maxSeconds,
                               noteID: noteID).body
                : NoteDraft.body(words: text, environment: settings.environment, draft: draft)
            let request = CaptureRequest(when: when, what: what, tags: try Tags.normalize(tags), leadMs: lead(settings),
                                         pauseAfter: pause, noteID: noteID,
                                         leadSource: ago.map { "--ago \(Self.typed("--ago", in: CommandLine.arguments) ?? $0.description)" } ?? "note.lead")
            let outcome: CaptureOutcome
            do {
                outcome = try await capture(settings, configProblem: configProblem).capture(request)
            } catch CaptureFailure.stopped(let signal) {
                Editor.removeDraft(draft)
                Console.err("margin: \(NoteFailure(.stopped(signal: signal)).errorDescription ?? "")")
                throw ExitCode(128 + signal)
            } catch let failure as CaptureFailure {
                // An empty editor leaves nothing to keep; a note that could not be completed
                // keeps its draft for `margin edit`.
                if case .empty = failure { Editor.removeDraft(draft) }
                throw NoteFailure(failure)
            }
            Editor.removeDraft(draft)
            for warning in outcome.warnings { Console.err("margin: \(warning)") }
            // The note is stored, so printing it cannot fail the command: a failure would make a
            // script take the note again and store it twice. A closed pipe passes quietly (as it
            // does for every command); any other output failure is told on stderr, with exit 0.
            let short = outcome.note.id.prefix(8)
            do { try report(outcome) } catch .readerGone {} catch {
                Console.err("margin: saved \(short), but \(error.problem); 'margin show \(short)' shows it")
            }
            // The process ends after this command: exiting with the store open skips the
            // checkpoint a close would run (the note is already durable).
            outcome.store.keepOpenUntilExit()
            // A signal ended the editor or the recording: the note holds what was captured by
            // then; end as the signal says.
            if let signal = outcome.signal {
                Console.err("margin: stopped by signal \(signal); the note holds what was captured until then")
                throw ExitCode(128 + signal)
            }
        }

        /// `--ago`, else `note.lead`; a broken `note.lead` is told and ignored, since capture
        /// never fails on configuration.
        private func lead(_ settings: Settings) -> Int {
            if let ago { return ago.milliseconds }
            do { return try settings.noteLeadMs() } catch {
                Console.err("margin: \(error.errorDescription ?? "note.lead is not valid"); pinning at the position itself")
                return 0
            }
        }

        /// The capture use case with this machine's Spotify, store and pin timeout.
        private func capture(_ settings: Settings, configProblem: ConfigError?) throws -> NoteCapture {
            let store = self.store
            var player: (any CapturePlayer)?, unavailable: String?
            if let configProblem {
                unavailable = configProblem.errorDescription
            } else {
                do {
                    let api = try settings.connection(verbose: global.verbose).api
                    // `--device`: pausing and resuming go to that device.
                    if let device = playback.device { player = DevicePlayer(api: api, device: device) } else { player = api }
                } catch {
                    unavailable = (error as? any LocalizedError)?.errorDescription ?? "Spotify is not configured"
                }
            }
            return NoteCapture(player: player, playerUnavailable: unavailable, pinDeadline: try settings.pinTimeout(),
                               openStore: { try store.open(settings) })
        }

        private func report(_ outcome: CaptureOutcome) throws(OutputFile.Failure) {
            let note = outcome.note
            let short = String(note.id.prefix(8))
            if note.pin == nil {
                let taken = LocalTime.clock(note.createdAt)
                Console.err("""
                    margin: saved unpinned (\(outcome.unpinnedReason ?? "no position")), taken at \(taken). \
                    Pin it later: margin pin \(short) --episode EPISODE --at TIME
                    """)
            }
            if json {
                try Console.out(NoteEncoding.object(note))
            } else if let pin = note.pin {
                let place = pin.itemName.map { " in \(Terminal.sanitize($0))" } ?? ""
                try Console.out("Saved \(short) at \(note.position ?? "0:00")\(place).")
            } else {
                try Console.out("Saved \(short), unpinned.")
            }
        }
    }
}
