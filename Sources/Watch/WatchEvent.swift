import NoteCapture
import NoteStore
import SpotifyClient

/// What happens to the interactive `watch`, in the order its event loop takes it.
enum WatchEvent: Sendable {
    /// Bytes from the keyboard.
    case input([UInt8])
    /// The terminal's input ended (hang-up): the view ends as if `q` was pressed.
    case inputClosed
    /// Time passed: redraw so the position ticks, and poll when due.
    case tick
    /// SIGWINCH, SIGTERM, SIGHUP or SIGINT arrived.
    case signal(Int32)
    /// A poll started at `startedAt` answered.
    case polled(PollOutcome, startedAt: ContinuousClock.Instant)
    /// The notes of item `itemID`, in playback order.
    case notes(itemID: String, [Note])
    /// A capture is sending a playback command: the view shows its effect at once.
    case commanded(WatchSession.Command)
    /// A playback command or a save finished; what to tell in the footer.
    case finished(String?, pollSoon: Bool)
    /// A note could not be saved; it goes back into the editor, its pin and text kept.
    case unsaved(String, draft: WatchState.Draft)
    /// The voice note's recording reached this second, at this level.
    case voiceLevel(seconds: Double, level: Double)
    /// Voice note `noteID`'s recording is kept and playback resumed: its transcript is on the way.
    case voiceRecorded(noteID: String)
    /// Voice note `noteID`'s capture ended (saved, dropped or failed); what to tell in the footer.
    case voiceEnded(noteID: String, message: String)
}

/// What a poll of the player came back with.
enum PollOutcome: Sendable {
    case snapshot(PlaybackSnapshot?)
    case rateLimited(seconds: Int)
    case failed(String)
}
