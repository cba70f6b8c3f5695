import Foundation
import NoteCapture
import NoteStore
import MarginViews

/// Why `margin note` saved nothing; the text is echoed so it is never lost.
struct NoteFailure: MarginError {
    let failure: CaptureFailure

    init(_ failure: CaptureFailure) { self.failure = failure }

    var errorDescription: String? {
        let echo = failure.text.map { ". Its text:\n\($0)" } ?? ""
        switch failure {
        case .empty:
            return "the note is empty; nothing was saved"
        case .cancelled:
            return "the note was cancelled; nothing was saved"
        case .stopped(let signal):
            return "stopped by signal \(signal) before anything was written; nothing was saved"
        case .unsaved(_, let reason):
            return "could not save the note (\(reason))\(echo)"
        case .refused(_, .pastEnd(let position, let duration, let name)):
            let item = name.map { "'\(Terminal.sanitize($0))'" } ?? "the episode"
            return """
                --at \(TimeValue.format(milliseconds: position)) is past the end of \(item) \
                (\(TimeValue.format(milliseconds: duration))); nothing was saved. Give a time before the end\(echo)
                """
        case .refused(_, .noSuchEpisode(let id)):
            return "Spotify has no episode '\(id)'; nothing was saved. Check the id with 'margin now' or the share link\(echo)"
        case .abandoned(let moment, let reason):
            guard let moment else { return "\(reason); nothing was saved" }
            let place = moment.itemName.map { " in '\(Terminal.sanitize($0))'" } ?? ""
            let at = TimeValue.format(milliseconds: moment.progressMs)
            // `--episode` pins to episodes alone; a track's moment is told as it is.
            guard moment.itemType == "episode" else { return "\(reason); nothing was saved. The moment was \(at)\(place)" }
            return """
                \(reason); nothing was saved. The moment was \(at)\(place): \
                margin note --episode \(moment.itemID) --at \(at) "your thought"
                """
        }
    }

    var exitStatus: ExitStatus {
        switch failure {
        case .refused(_, .pastEnd): .usage
        case .refused(_, .noSuchEpisode): .notFound
        case .empty, .unsaved, .abandoned, .cancelled, .stopped: .failure
        }
    }
}

/// An editor that could not start or failed ends `margin note` with status 1.
extension Editor.Failure: MarginError {}

/// An `--episode` name that names no single episode: nothing was taken, so the words typed
/// are echoed, as for every capture that stores nothing.
struct UnknownEpisodeName: MarginError {
    let failure: NameMatchFailure
    let text: String?

    var errorDescription: String? {
        (failure.errorDescription ?? "no such episode") + (text.map { ". Nothing was saved; its text:\n\($0)" } ?? "")
    }

    var exitStatus: ExitStatus { failure.exitStatus }
}
