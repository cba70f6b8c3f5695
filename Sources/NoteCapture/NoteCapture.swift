import Foundation
import Synchronization
import NoteStore
import SpotifyClient
import Voice

/// Taking a note, whichever way it comes: the one capture use case.
///
/// Every capture runs the same steps in the same order: the moment is pinned (at most one
/// request, read while the store opens), playback is paused if the body takes the user's time,
/// the body is written or spoken, the note is stored, and playback is resumed if margin paused
/// it. Capture never loses text: whatever Spotify does, the note is stored (unpinned, with the
/// reason, when it cannot be pinned). Only an empty text, a store that cannot be written, a pin
/// the user asked for that cannot be right (past the episode's end, an episode Spotify does not
/// have), or a body that ended without a note end without one, and each such failure carries
/// the text it had.
public struct NoteCapture: Sendable {
    /// Spotify, or nil when margin cannot reach it (not configured, config unreadable).
    public var player: (any CapturePlayer)?
    /// Why there is no ``player``, said when the note stays unpinned.
    public var playerUnavailable: String?
    /// How long reading the moment may take before the note is saved without it: a thought
    /// should not wait out a request timeout.
    public var pinDeadline: Duration
    /// Opens the note store; called while the player is read.
    public var openStore: @Sendable () throws -> NoteDatabase
    public var now: @Sendable () -> Date

    public init(player: (any CapturePlayer)?, playerUnavailable: String? = nil, pinDeadline: Duration = .seconds(2.5),
                openStore: @escaping @Sendable () throws -> NoteDatabase, now: @escaping @Sendable () -> Date = Date.init) {
        self.player = player
        self.playerUnavailable = playerUnavailable
        self.pinDeadline = pinDeadline
        self.openStore = openStore
        self.now = now
    }

    /// Captures `request`: pin, pause, body, store, resume.
    public func capture(_ request: CaptureRequest) async throws -> CaptureOutcome {
        let takenAt = now()
        let given = request.what.given ?? ""
        if request.what.given != nil, !Self.hasText(given) { throw CaptureFailure.empty }
        let slow = request.what.isSlow && request.pauseWhileWriting

        // 1. The moment: the player is read while the store opens, neither waits for the other.
        async let reading = read(request.when, needsPlayback: slow)
        let store: NoteDatabase
        do { store = try openStore() } catch { throw CaptureFailure.unsaved(text: given, reason: PinRules.describe(error)) }
        var warnings: [String] = []
        let moment: Moment
        do throws(PinProblem) {
            moment = try await settle(request, reading: await reading, store: store, warnings: &warnings)
        } catch {
            throw CaptureFailure.refused(text: given, error)
        }

        // A dictation's note is stored now, before anything is recorded (pending, empty), and
        // an editor's before the editor opens: before playback is paused, too.
        let noteID = request.noteID ?? UUID().uuidString.lowercased()
        let tags = request.tags
        var pending: Note?
        let first: Note? = switch request.what {
        case .dictate(let audio, _):
            Note(id: noteID, text: "", tags: tags + [VoiceNote.tag].filter { !tags.contains($0) }, createdAt: takenAt,
                 pin: moment.pin, voice: NoteVoice(audio: audio, state: .pending))
        case .draft: Note(id: noteID, text: "", tags: tags, createdAt: takenAt, pin: moment.pin)
        case .text, .compose: nil
        }
        if let note = first {
            do { try store.insert(note) } catch {
                throw CaptureFailure.unsaved(text: "", reason: PinRules.describe(error))
            }
            pending = note
        }

        // 2. Playback pauses while the user writes or speaks, if it plays: after the note is
        // stored, since Spotify may be slow to answer.
        let activity = if case .dictate = request.what { "spoke" } else { "wrote" }
        let paused = slow && moment.playing ? await pause(while: activity, warnings: &warnings) : false

        // 3. The body. A dictation resumes playback when the speaking ends (``EarlyResume``),
        // before its transcript.
        let keepsPaused = request.pauseAfter && moment.pin != nil
        let early = EarlyResume(player: paused && !keepsPaused ? player : nil)
        let written: CaptureRequest.Written
        do {
            let pendingVoice = pending?.voice
            written = try await body(request.what, pin: moment.pin, spoken: {
                // The recording is kept: its length goes into the pending note, then playback resumes.
                if let voice = pendingVoice { try? store.setVoice(Self.recorded(voice), forNote: noteID) }
                await early.resume()
            })
        } catch {
            // Nothing was recorded or written (cancelled, nothing heard, the editor failed): no note either.
            let failure = Self.discard(pending, from: store, because: error)
            if paused, !early.done { try? await player?.resume() }
            throw failure
        }
        warnings += early.warnings + written.warnings
        // Playback margin paused and has not resumed yet.
        let stillPaused = paused && !early.done
        if request.what.isWritten, !Self.hasText(written.text) {
            // Nothing is saved, so nothing keeps playback paused (not even --pause).
            let failure = Self.discard(pending, from: store,
                                       because: written.signal.map { CaptureFailure.stopped(signal: $0) } ?? CaptureFailure.empty)
            if stillPaused { await resume(warnings: &warnings) }
            throw failure
        }

        // 4. The note is stored (a dictation's completed), then playback goes back to how
        // margin found it (or stays paused with --pause).
        var note = Note(id: noteID, text: written.text, tags: tags + written.tags.filter { !tags.contains($0) },
                        createdAt: takenAt, pin: moment.pin, voice: written.voice ?? pending?.voice.map(Self.recorded),
                        segments: written.segments)
        do {
            if pending != nil { note = try store.update(note) } else { try store.insert(note) }
        } catch {
            if stillPaused { try? await player?.resume() }
            var reason = PinRules.describe(error)
            if pending != nil, pending?.voice == nil {
                // The editor's note was stored before the editor opened: it stays, empty, and
                // its draft file has this text.
                let short = noteID.prefix(8)
                reason += "; note \(short) is stored empty: 'margin edit \(short)' reopens this text"
            } else if let audio = pending?.voice?.audio, !written.text.isEmpty {
                // The dictation's note was stored before the recording: it stays, pending.
                let short = noteID.prefix(8)
                reason += FileManager.default.fileExists(atPath: audio)
                    ? "; note \(short) keeps the recording without this text: 'margin transcribe \(short)' adds it"
                    : "; note \(short) is stored empty, without its recording: 'margin edit \(short)' puts this text in"
            }
            throw CaptureFailure.unsaved(text: written.text, reason: reason)
        }
        if stillPaused, !keepsPaused {
            await resume(warnings: &warnings)
        } else if keepsPaused, !paused, let player {
            do { try await player.pause() } catch {
                warnings.append("the note is saved, but playback was not paused: \(PinRules.describe(error))")
            }
        }
        return CaptureOutcome(note: note, unpinnedReason: moment.pin == nil ? moment.reason : nil, warnings: warnings, store: store,
                              signal: written.signal)
    }

    /// Removes the note stored before a body that gave nothing, and returns the failure to
    /// throw: `error`, or, when even the delete is refused (a full disk), one that names the
    /// empty note left behind.
    private static func discard(_ pending: Note?, from store: NoteDatabase, because error: any Error) -> any Error {
        guard let pending else { return error }
        do { try store.delete(id: pending.id) } catch let left {
            let short = pending.id.prefix(8)
            let reason = (error as? CaptureFailure).flatMap { if case .abandoned(_, let reason) = $0 { reason } else { nil } }
                ?? PinRules.describe(error)
            return CaptureFailure.abandoned(moment: nil, reason: """
                \(reason); nothing of it was kept, but its empty note \(short) could not be removed \
                (\(PinRules.describe(left))): 'margin delete \(short)' once there is room
                """)
        }
        return error
    }

    /// `voice` with the length of its recording, read from the WAV's size (16 kHz mono, 16 bits).
    private static func recorded(_ voice: NoteVoice) -> NoteVoice {
        var voice = voice
        if let size = (try? FileManager.default.attributesOfItem(atPath: voice.audio))?[.size] as? Int {
            voice.durationMs = max(size - 44, 0) / 32
        }
        return voice
    }

    /// Runs the body; a dictation that fails becomes ``CaptureFailure/abandoned(moment:reason:)``.
    private func body(_ what: CaptureRequest.What, pin: Pin?, spoken: @escaping @Sendable () async -> Void) async throws -> CaptureRequest.Written {
        switch what {
        case .text(let text):
            return CaptureRequest.Written(text: text)
        case .compose(let write), .draft(let write):
            return try await write()
        case .dictate(_, let speak):
            do { return try await speak(spoken) } catch let failure as CaptureFailure { throw failure } catch {
                throw CaptureFailure.abandoned(moment: pin, reason: PinRules.describe(error))
            }
        }
    }

    /// Pauses playback; true when margin paused it (and so must resume it).
    private func pause(while activity: String, warnings: inout [String]) async -> Bool {
        guard let player else { return false }
        do {
            try await player.pause()
            return true
        } catch {
            warnings.append("playback was not paused while you \(activity): \(PinRules.describe(error))")
            return false
        }
    }

    private func resume(warnings: inout [String]) async {
        do { try await player?.resume() } catch {
            warnings.append("playback was not resumed: \(PinRules.describe(error))")
        }
    }

    private static func hasText(_ text: String) -> Bool {
        text.unicodeScalars.contains { !$0.properties.isWhitespace }
    }
}

/// Resumes playback once, when a dictation says the speaking has ended; remembers whether it
/// did and what went wrong, for the rest of the capture.
private final class EarlyResume: Sendable {
    private let player: (any CapturePlayer)?
    private let state = Mutex<(done: Bool, warnings: [String])>((false, []))

    /// `player` is nil when nothing is to be resumed early (margin did not pause, or `--pause`).
    init(player: (any CapturePlayer)?) { self.player = player }

    func resume() async {
        guard let player, state.withLock({ state in
            defer { state.done = true }
            return !state.done
        }) else { return }
        do { try await player.resume() } catch {
            let warning = "playback was not resumed: \(PinRules.describe(error))"
            state.withLock { $0.warnings.append(warning) }
        }
    }

    var done: Bool { state.withLock { $0.done } }
    var warnings: [String] { state.withLock { $0.warnings } }
}
