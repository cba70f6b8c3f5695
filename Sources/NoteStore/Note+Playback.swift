import SpotifyLinks

/// The human and shareable forms of a pinned note's moment.
extension Note {
    /// `"12:34"` or `"1:02:03"` from the pin's progress; nil when unpinned.
    public var position: String? {
        pin.map { Note.formatPosition(milliseconds: $0.progressMs) }
    }

    /// `https://open.spotify.com/episode/ID?t=SECONDS` (`/track/` for tracks); nil when unpinned.
    ///
    /// Seconds are truncated, like `position`, so the link starts at the second the user sees.
    public var link: String? {
        guard let pin else { return nil }
        return SpotifyLink.to(pin.itemType == "track" ? .track : .episode, pin.itemID, atMs: pin.progressMs)
    }

    /// Formats a playback position as `m:ss` below an hour and `h:mm:ss` from an hour on.
    public static func formatPosition(milliseconds: Int) -> String {
        var bytes: [UInt8] = []
        appendPosition(milliseconds: milliseconds, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``formatPosition(milliseconds:)``'s text as UTF-8, for encoders that write bytes.
    package static func appendPosition(milliseconds: Int, to out: inout [UInt8]) {
        let seconds = max(0, milliseconds) / 1000
        let (hours, minutes, secs) = (seconds / 3600, seconds % 3600 / 60, seconds % 60)
        func twoDigits(_ value: Int) {
            out.append(UInt8(ascii: "0") + UInt8(value / 10))
            out.append(UInt8(ascii: "0") + UInt8(value % 10))
        }
        if hours > 0 {
            out.append(contentsOf: String(hours).utf8)
            out.append(UInt8(ascii: ":"))
            twoDigits(minutes)
        } else {
            out.append(contentsOf: String(minutes).utf8)
        }
        out.append(UInt8(ascii: ":"))
        twoDigits(secs)
    }
}
