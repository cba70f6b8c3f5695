import ArgumentParser
import Foundation
import NoteStore
import SpotifyClient

extension MarginCommand {
    /// `margin note`: saves a note pinned to the playing episode and position. Never loses text.
    struct NoteCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "note",
            abstract: "Save a note pinned to the episode playing now and its exact position.",
            discussion: """
                With no TEXT, reads stdin when it is not a terminal, else opens $EDITOR (playback paused while \
                you write). When the note cannot be pinned (not logged in, Spotify unreachable, nothing playing) \
                it is saved unpinned, and 'margin pin' pins it later.
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var store: StoreOptions
        @OptionGroup var playback: PlaybackOptions
        @Argument(help: "The note; several words are joined with spaces.") var text: [String] = []
        @Flag(help: "Pause playback too.") var pause = false
        @Option(name: .customLong("tag"), help: "A tag (repeatable).") var tags: [String] = []
        @Option(help: "Pin at this position instead of the player's: \(TimeValue.examples).") var at: String?
        @Option(help: "Pin to this episode instead of the playing one (needs --at).") var episode: String?
        @Flag(help: "Print the saved note as JSON.") var json = false

        func validate() throws {
            if let at, TimeValue(parsing: at) == nil { throw ValidationError("'\(at)' is not a time; use \(TimeValue.examples)") }
            if let episode {
                guard SpotifyRef(parsing: episode, as: .episode) != nil else {
                    throw ValidationError("'\(episode)' is not an episode; use \(SpotifyRef.examples(.episode))")
                }
                guard at != nil else { throw ValidationError("--episode needs --at TIME, e.g. --at 12:34") }
            }
            _ = try Tags.normalize(tags)
        }

        func run() async throws {
            let (settings, configProblem) = Settings.lenient()
            var draft = try NoteDraft(words: text, tags: try Tags.normalize(tags), environment: settings.environment)
            let connection = configProblem == nil ? try? settings.connection(verbose: global.verbose) : nil
            if draft.text == nil {
                draft.text = try await draft.fromEditor(api: connection?.api)
            }
            guard let body = draft.text, !body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw NoteFailure.empty
            }
            var manual: (id: String, milliseconds: Int)?
            if let episode, let at, let ref = SpotifyRef(parsing: episode, as: .episode), let time = TimeValue(parsing: at) {
                manual = (ref.id, time.milliseconds)
            }
            // The player is read while the store opens: neither waits for the other.
            let api = connection?.api, wantsPlayer = manual == nil && !draft.readPlayer
            async let player = Capture.readPlayer(api, when: wantsPlayer)
            let database: NoteDatabase
            do { database = try store.open(settings) } catch { throw NoteFailure.unsaved(body, Capture.describe(error)) }

            var pin = draft.pin, reason = draft.reason ?? configProblem.map(Capture.describe)
            if let manual {
                let (manualPin, warning) = await Capture.manualPin(episode: manual.id, at: manual.milliseconds, store: database, api: connection?.api)
                (pin, reason) = (manualPin, nil)
                if let warning { Console.err("margin: \(warning)") }
            } else if let read = await player {
                (pin, reason) = read
                if let at, let time = TimeValue(parsing: at), var moved = pin { moved.progressMs = time.milliseconds; pin = moved }
            } else if connection == nil, reason == nil {
                reason = "Spotify is not configured"
            }
            let note = Note(text: body, tags: draft.tags, pin: pin)
            do { try database.insert(note) } catch { throw NoteFailure.unsaved(body, Capture.describe(error)) }
            // The note is stored, so printing it cannot fail the command: a failure would make a
            // script take the note again and store it twice. A closed pipe passes quietly (as it
            // does for every command); any other output failure is told on stderr, with exit 0.
            do { try report(note, reason: reason) } catch .readerGone {} catch {
                Console.err("margin: saved \(note.id.prefix(8)), but \(error.problem); 'margin show \(note.id.prefix(8))' shows it")
            }
            if pause, let api = connection?.api, pin != nil {
                do { try await api.pause(deviceID: playback.device) } catch {
                    Console.err("margin: the note is saved, but playback was not paused: \(Capture.describe(error))")
                }
            }
            // The process ends after this command: exiting with the store open skips the
            // checkpoint a close would run (the note is already durable).
            database.keepOpenUntilExit()
        }

        private func report(_ note: Note, reason: String?) throws(OutputFile.Failure) {
            let short = String(note.id.prefix(8))
            if note.pin == nil {
                Console.err("margin: saved unpinned (\(reason ?? "no position")). Pin it later: margin pin \(short) --episode EPISODE --at TIME")
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

/// Why `margin note` saved nothing; the text is echoed so it is never lost.
enum NoteFailure: Error, LocalizedError {
    case empty
    case unsaved(String, String)

    var errorDescription: String? {
        switch self {
        case .empty: "the note is empty; nothing was saved"
        case .unsaved(let text, let reason): "could not save the note (\(reason)). Its text:\n\(text)"
        }
    }
}
