/// A transcript and, when the recognizer gives them, its segments in recording order.
public struct TimedTranscript: Sendable, Equatable {
    public var text: String
    public var segments: [WhisperSegment]

    public init(text: String, segments: [WhisperSegment] = []) {
        self.text = text
        self.segments = segments
    }

    /// The transcript cut to ``TranscriptLimit/bytes`` (see ``TranscriptLimit/apply(_:)``),
    /// keeping the segments whose texts fit in what is kept, and whether it was cut.
    public func limited() -> (transcript: TimedTranscript, cut: Bool) {
        let (text, cut) = TranscriptLimit.apply(self.text)
        guard cut else { return (self, false) }
        var kept: [WhisperSegment] = []
        var bytes = 0
        for segment in segments {
            bytes += segment.text.utf8.count + (kept.isEmpty ? 0 : 1)
            guard bytes <= text.utf8.count else { break }
            kept.append(segment)
        }
        return (TimedTranscript(text: text, segments: kept), true)
    }
}
