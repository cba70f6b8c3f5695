import Foundation
import Voice
import NoteStore
import SpotifyClient
import MarginViews

/// Draws the interactive `watch` as a pure function of its state, the time and the size, so
/// that every screen can be tested without a terminal.
///
/// From the top: show, episode, the position line, the device, the episode's notes around the
/// position; at the bottom, news too long for the footer (wrapped, never cut), the keys `?`
/// lists, the note being written, and a footer with the keys. When the terminal is short,
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
        let (news, footer) = bottom(state, at: now, width: width)
        let keys = state.showingKeys && state.draft == nil && state.recording == nil ? KeysHelp.lines(width: width) : []

        // Rows by importance, each taking what the ones before it left: the footer and the note
        // being written, the position line, the news, the keys, the names, the device, the notes.
        var left = height - 1 - (draft == nil ? 0 : 1)
        func take(_ wanted: Int) -> Int {
            let rows = max(min(wanted, left), 0)
            left -= rows
            return rows
        }
        let progressRows = take(1)
        let newsRows = take(news.count)
        let keyRows = take(keys.count)
        let headerRows = take(header.count)
        let deviceRows = take(device == nil ? 0 : 1)
        let noteRows = max(left - 1, 0) // one blank row sets the notes apart

        var top = Array(header.suffix(headerRows))
        if progressRows == 1 { top.append(progress) }
        if deviceRows == 1, let device { top.append(device) }
        if noteRows > 0 {
            top.append(ScreenLine(text: ""))
            top += noteLines(state, position: position, rows: noteRows, width: width)
        }
        var below = Array(news.prefix(newsRows)) + Array(keys.prefix(keyRows))
        if let draft { below.append(draft) }
        below.append(footer)
        let gap = Array(repeating: ScreenLine(text: ""), count: max(height - top.count - below.count, 0))
        let lines = Array((top + gap + below).suffix(height))
        var cursor: (row: Int, column: Int)?
        if let draft, lines.count >= 2 { cursor = (lines.count - 2, min(Cells.width(draft.text), width - 1)) }
        return Frame(lines: lines, cursor: cursor)
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

    /// The footer, and the news that did not fit in it. What went wrong or happened comes
    /// before the keys when the footer holds both (the short keys, `? keys · q quit`, if need
    /// be); a message longer than that has lines of its own above the footer, wrapped at the
    /// width, so that all of it and its remedy can be read, and the footer keeps the keys.
    static func bottom(_ state: WatchState, at now: ContinuousClock.Instant, width: Int) -> (news: [ScreenLine], footer: ScreenLine) {
        let keys: String, short: String
        if state.draft != nil {
            (keys, short) = ("Enter save · Esc cancel", "Enter save · Esc cancel")
        } else if state.recording != nil {
            (keys, short) = ("Enter or 2 s of silence saves · Esc cancel", "Enter saves · Esc cancel")
        } else if state.showingKeys {
            (keys, short) = ("? or Esc hides the keys · q quit", "Esc hides · q quit")
        } else {
            let space = state.snapshot?.isPlaying == false ? "space play" : "space pause"
            (keys, short) = ("n note · v voice · \(space) · ←/→ -\(WatchSession.backMs / 1000)s/+\(WatchSession.forwardMs / 1000)s · ? keys · q quit", "? keys · q quit")
        }
        let transcribing: String? = switch state.transcribing.count {
        case 0: nil
        case 1: "transcribing the voice note at " + (state.transcribing[0].positionMs.map { Note.formatPosition(milliseconds: $0) } ?? "no moment") + "…"
        default: "transcribing \(state.transcribing.count) voice notes…"
        }
        let status = [state.problem, transcribing, state.message(at: now)].compactMap { $0 }.map(Terminal.sanitize)
        for candidate in [keys, short] {
            let line = (status + [candidate]).joined(separator: " · ")
            if Cells.width(line) <= width { return ([], ScreenLine(text: line, style: .dim)) }
        }
        let news = status.flatMap { Cells.wrap($0, width: width) }.map { ScreenLine(text: $0) }
        return (news, ScreenLine(text: Cells.fit(Cells.width(keys) <= width ? keys : short, width: width), style: .dim))
    }
}
