import Foundation
import Voice
import NoteStore
import SpotifyClient
import MarginViews

/// Draws the interactive `watch` as a pure function of its state, the time and the size, so
/// that every screen can be tested without a terminal.
///
/// From the top: show, episode, the position line, the device, the episode's notes around the
/// position, the note being written, and a footer with the keys. When the terminal is short,
/// rows go in the reverse order of importance; when it is narrow, names are cut first and the
/// position and bar last.
enum WatchScreen {
    static func render(_ state: WatchState, at now: ContinuousClock.Instant, width: Int, height: Int) -> Frame {
        let width = max(width, 1), height = max(height, 1)
        let position = state.positionMs(at: now)
        var header: [ScreenLine] = []
        var progress = ScreenLine(text: "")
        var device: ScreenLine?
        if !state.polled {
            progress = ScreenLine(text: Cells.fit("asking Spotify what is playing…", width: width))
        } else if let snapshot = state.snapshot {
            let show = snapshot.kind == .track ? snapshot.artistNames.joined(separator: ", ") : (snapshot.showName ?? "")
            header.append(ScreenLine(text: Cells.fit(Terminal.sanitize(show), width: width), style: .dim))
            header.append(ScreenLine(text: Cells.fit(Terminal.sanitize(snapshot.itemName ?? "(no name)"), width: width), style: .bold))
            progress = ScreenLine(text: progressLine(snapshot, position: position, width: width))
            if let name = snapshot.device?.name {
                device = ScreenLine(text: Cells.fit("on " + Terminal.sanitize(name), width: width), style: .dim)
            }
        } else {
            progress = ScreenLine(text: Cells.fit("⏹ nothing playing", width: width))
        }
        let draft = state.draft.map { draftLine($0, width: width) } ?? state.recording.map { recordingLine($0, width: width) }
        let footer = ScreenLine(text: footerText(state, at: now, width: width), style: .dim)

        // Rows by importance: what is left once the short screen has taken its share.
        var fixed = 1 + 1 // the position line and the footer
        if draft != nil { fixed += 1 }
        let headerRows = min(header.count, max(height - fixed, 0))
        fixed += headerRows
        let deviceRows = device != nil && height - fixed >= 1 ? 1 : 0
        fixed += deviceRows
        let noteRows = max(height - fixed - 1, 0) // one blank row sets the notes apart

        var lines = Array(header.suffix(headerRows))
        lines.append(progress)
        if deviceRows == 1, let device { lines.append(device) }
        if noteRows > 0 {
            lines.append(ScreenLine(text: ""))
            lines += noteLines(state, position: position, rows: noteRows, width: width)
        }
        while lines.count < height - (draft == nil ? 1 : 2) { lines.append(ScreenLine(text: "")) }
        var cursor: (row: Int, column: Int)?
        if let draft {
            cursor = (lines.count, min(Cells.width(draft.text), width - 1))
            lines.append(draft)
        }
        lines.append(footer)
        return Frame(lines: Array(lines.suffix(height)), cursor: cursor)
    }

    /// `▶ 12:34 / 1:02:03 ━━━━────`: the bar takes what the clock leaves, and goes only when
    /// fewer than 5 cells are left for it.
    static func progressLine(_ snapshot: PlaybackSnapshot, position: Int?, width: Int) -> String {
        let symbol = snapshot.isPlaying ? "▶" : "⏸"
        let clock = "\(position.map { Note.formatPosition(milliseconds: $0) } ?? "-:--") / \(snapshot.durationMs.map { Note.formatPosition(milliseconds: $0) } ?? "-:--")"
        let text = "\(symbol) \(clock)"
        let barWidth = width - Cells.width(text) - 1
        guard barWidth >= 5, let duration = snapshot.durationMs, duration > 0 else { return Cells.fit(text, width: width) }
        return text + " " + Terminal.bar(fraction: Double(position ?? 0) / Double(duration), width: barWidth)
    }

    /// The notes just before and after `position`, in playback order, the nearest marked.
    static func noteLines(_ state: WatchState, position: Int?, rows: Int, width: Int) -> [ScreenLine] {
        guard state.snapshot != nil else { return [] }
        guard !state.notes.isEmpty else {
            return [ScreenLine(text: Cells.fit("no notes here yet; press n to take one", width: width), style: .dim)]
        }
        let notes = state.notes
        let position = position ?? 0
        let next = notes.firstIndex { ($0.pin?.progressMs ?? 0) > position } ?? notes.count
        // Half the rows for what was, half for what comes, then whatever the other side left.
        var start = max(next - rows / 2, 0)
        start = max(min(start, notes.count - rows), 0)
        let nearest = state.nearestNote(to: position)
        return notes[start..<min(start + rows, notes.count)].enumerated().map { offset, note in
            let index = start + offset
            let mark = index == nearest ? "▸" : " "
            let clock = Note.formatPosition(milliseconds: note.pin?.progressMs ?? 0)
            let tags = note.tags.map { " #" + $0 }.joined()
            let text = "\(mark) \(clock.count < 5 ? " " + clock : clock)  \(Terminal.sanitize(note.text + tags))"
            return ScreenLine(text: Cells.fit(text, width: width), style: index == nearest ? .highlight : .plain)
        }
    }

    /// `note at 12:34 › text`, its end kept in view as it grows past the width.
    static func draftLine(_ draft: WatchState.Draft, width: Int) -> ScreenLine {
        let prefix = draft.positionMs.map { "note at \(Note.formatPosition(milliseconds: $0)) › " } ?? "note (unpinned) › "
        let room = width - Cells.width(prefix)
        guard room >= 8 else { return ScreenLine(text: draft.editor.visible(width: width)) }
        return ScreenLine(text: prefix + draft.editor.visible(width: room))
    }

    /// `● voice note at 12:34 · 0:03 ━━━━──── ` while recording; `saving the recording…` as
    /// it ends (then the footer tells of the transcription, and the view is the user's again).
    static func recordingLine(_ recording: WatchState.Recording, width: Int) -> ScreenLine {
        let at = recording.positionMs.map { "voice note at \(Note.formatPosition(milliseconds: $0))" } ?? "voice note (unpinned)"
        guard !recording.finishing else {
            return ScreenLine(text: Cells.fit("\(at) · " + (recording.cancelled ? "cancelling…" : "saving the recording…"), width: width))
        }
        let elapsed = Note.formatPosition(milliseconds: Int(recording.seconds * 1000))
        let text = "● \(at) · \(elapsed) \(Terminal.bar(fraction: SpeechGate.loudness(recording.level), width: 12))"
        return ScreenLine(text: Cells.fit(text, width: width))
    }

    /// What went wrong or happened, then the keys.
    static func footerText(_ state: WatchState, at now: ContinuousClock.Instant, width: Int) -> String {
        let keys: String
        if state.draft != nil {
            keys = "Enter save · Esc cancel"
        } else if state.recording != nil {
            keys = "Enter or 2 s of silence saves · Esc cancel"
        } else {
            let space = state.snapshot?.isPlaying == false ? "space play" : "space pause"
            keys = "n note · v voice · \(space) · ←/→ -15s/+30s · ? keys · q quit"
        }
        let transcribing: String? = switch state.transcribing.count {
        case 0: nil
        case 1: "transcribing the voice note at " + (state.transcribing[0].positionMs.map { Note.formatPosition(milliseconds: $0) } ?? "no moment") + "…"
        default: "transcribing \(state.transcribing.count) voice notes…"
        }
        let status = [state.problem, transcribing, state.message(at: now)].compactMap { $0 }.map(Terminal.sanitize)
        let full = (status + [keys]).joined(separator: " · ")
        guard Cells.width(full) > width, state.draft == nil, state.recording == nil else { return Cells.fit(full, width: width) }
        // Too narrow for every key: `?` names them. A status that leaves no room for even
        // that has the line until it clears (it is news; the keys are always the same).
        let short = "? keys · q quit"
        guard !status.isEmpty else { return Cells.fit(short, width: width) }
        let shortened = (status + [short]).joined(separator: " · ")
        return Cells.width(shortened) <= width ? shortened : Cells.fit(status.joined(separator: " · "), width: width)
    }

    /// What `?` shows in the footer: every key of the view.
    static let keysHelp = "n note at this moment · v voice note · space pause/play · ← back 15 s · → forward 30 s · q quit · ? these keys"
}
