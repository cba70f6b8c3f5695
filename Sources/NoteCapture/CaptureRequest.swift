import Foundation
import NoteStore
import SpotifyClient

/// What a capture is asked to take: *when* (the moment to pin) and *what* (the note's body),
/// with the rules that go around them (lead, pausing, tags).
///
/// `margin note`, `note --voice`, and `watch`'s `n` and `v` all describe their note this way and
/// hand it to ``NoteCapture/capture(_:)``, so the rules are the same whichever way a note comes.
public struct CaptureRequest: Sendable {
    /// The moment the note belongs to.
    public enum When: Sendable {
        /// The player's position now, read with one request; ``leadMs`` before it.
        case now
        /// The item playing now (one request), at this exact position (`--at`): no lead.
        case at(positionMs: Int)
        /// This episode at this exact position (`--episode` with `--at`): no request for the
        /// moment, no lead.
        case episode(id: String, positionMs: Int)
        /// A moment already known, as a view that polls the player knows it at a key press:
        /// the snapshot then (nil when nothing was known), and why nothing was known. No
        /// request is made; ``leadMs`` applies as for ``now``.
        case seen(PlaybackSnapshot?, unknown: String?)
    }

    /// Where the note's text comes from.
    public enum What: Sendable {
        /// Text the user already gave (arguments, stdin).
        case text(String)
        /// Text still to be written (an editor, `watch`'s line): run after the moment is pinned,
        /// with playback paused meanwhile when ``pauseWhileWriting`` says so. An empty text
        /// stores nothing (``CaptureFailure/empty``).
        case compose(@Sendable () async throws -> Written)
        /// Text written in an editor, which may outlive margin: like ``compose(_:)``, except
        /// that the note is stored first, pinned and empty, before the editor opens. Whatever
        /// ends margin meanwhile, the moment is kept, and what the editor saved is in its draft
        /// file for `margin edit`. The body's text completes the note; an empty text (or a
        /// body that throws) removes it again.
        case draft(@Sendable () async throws -> Written)
        /// A note spoken after the moment is pinned, playback paused as for ``compose(_:)``. Its
        /// text may be empty (a recording that could not be transcribed is still a note). When
        /// it throws, nothing is stored and ``CaptureFailure/abandoned(moment:reason:)`` carries
        /// the pinned moment, so the user can still take the note by hand.
        ///
        /// The body calls `spoken` as soon as the user has finished speaking (the recording is
        /// kept, the transcript not yet ready): playback margin paused resumes then, not after
        /// the transcription.
        ///
        /// The note is stored before the recording starts, with an empty text and its voice
        /// ``NoteVoice/State/pending`` (its recording to be kept at `audio`): whatever ends
        /// margin from then on, the moment and what was recorded are there for
        /// `margin transcribe`. The body's ``Written`` then completes it.
        case dictate(audio: String, _ speak: @Sendable (_ spoken: @escaping @Sendable () async -> Void) async throws -> Written)

        /// The text when it is known before the capture starts.
        var given: String? {
            if case .text(let text) = self { return text }
            return nil
        }

        /// Text the user writes after the moment is pinned (``compose(_:)``, ``draft(_:)``):
        /// an empty one stores nothing.
        var isWritten: Bool {
            switch self {
            case .compose, .draft: true
            case .text, .dictate: false
            }
        }

        /// A body that takes the user's time, during which playback may be paused.
        var isSlow: Bool {
            if case .text = self { return false }
            return true
        }
    }

    /// What a written or spoken body gives: its text and the tags it adds.
    public struct Written: Sendable, Equatable {
        public var text: String
        public var tags: [String]
        /// The signal (SIGTERM, SIGHUP, SIGINT) that ended the body early: its text is kept,
        /// and the caller ends with status 128 + signal once the note is stored.
        public var signal: Int32?
        /// A dictation's recording and how its transcription went.
        public var voice: NoteVoice?
        /// What the body has to tell about the note (a transcript cut at the limit).
        public var warnings: [String]
        /// Where in a dictation's recording each stretch of its text was said, when the
        /// recognizer gives the times.
        public var segments: [NoteSegment]
        public init(text: String, tags: [String] = [], signal: Int32? = nil, voice: NoteVoice? = nil, warnings: [String] = [],
                    segments: [NoteSegment] = []) {
            self.text = text
            self.tags = tags
            self.signal = signal
            self.voice = voice
            self.warnings = warnings
            self.segments = segments
        }
    }

    public var when: When
    public var what: What
    /// Tags, already checked against ``NoteTag``'s rule.
    public var tags: [String]
    /// Pin this many milliseconds before the moment (`--ago`, `note.lead`): a thought usually
    /// comes just after what prompted it. Never before 0:00; exact positions ignore it.
    public var leadMs: Int
    /// How the user gave the lead (`--ago 2h`, `note.lead 30s`), for the warning when it
    /// reaches before the start and the note is pinned at 0:00.
    public var leadSource: String
    /// Pause playback while a slow body (``What/compose(_:)``, ``What/dictate(_:)``) is
    /// written, and resume it after if margin paused it.
    public var pauseWhileWriting: Bool
    /// Leave playback paused once a pinned note is saved (`--pause`).
    public var pauseAfter: Bool
    /// The id the note gets (a voice note's recording is kept under it before the note is
    /// stored); a new one when nil.
    public var noteID: String?

    public init(when: When = .now, what: What, tags: [String] = [], leadMs: Int = 0, pauseWhileWriting: Bool = true,
                pauseAfter: Bool = false, noteID: String? = nil, leadSource: String = "the lead") {
        self.when = when
        self.leadSource = leadSource
        self.what = what
        self.tags = tags
        self.leadMs = max(leadMs, 0)
        self.pauseWhileWriting = pauseWhileWriting
        self.pauseAfter = pauseAfter
        self.noteID = noteID
    }
}
