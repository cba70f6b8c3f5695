/// A stretch of a voice note's transcript and where in the recording it was said.
///
/// A recognizer that knows the times (Whisper) gives a transcript as segments; they let a
/// long voice note be read against its recording. They are part of the note's content: JSON
/// carries them, `import` keeps them and sync brings them, so they are checked as any input is
/// (``problem(_:)``) before the store takes them.
public struct NoteSegment: Sendable, Equatable, Codable {
    /// Where the segment starts in the recording.
    public var startMs: Int
    /// Where it ends; never before ``startMs``.
    public var endMs: Int
    public var text: String

    public init(startMs: Int, endMs: Int, text: String) {
        self.startMs = startMs
        self.endMs = endMs
        self.text = text
    }

    enum CodingKeys: String, CodingKey {
        case startMs = "start_ms", endMs = "end_ms", text
    }

    /// The most segments a note keeps: a day of speech in Whisper's segments of a few seconds.
    public static let maxCount = 20_000
    /// The most UTF-8 bytes all of a note's segments' texts may hold together: the longest text
    /// a note may have (the transcript limit), which the segments of a transcript add up to.
    public static let maxTextBytes = 1 << 20
    /// The latest time a segment may name: JSON's largest safe integer, so that every reader
    /// of the note's JSON gets the number exactly.
    public static let maxMs = (1 << 53) - 1

    /// Why `segments` cannot be a note's; nil when they can: times from 0 to ``maxMs``, each
    /// segment's start no later than its end and no earlier than the start before it, texts
    /// without NUL, at most ``maxCount`` of them with at most ``maxTextBytes`` of text.
    public static func problem(_ segments: [NoteSegment]) -> String? {
        guard segments.count <= maxCount else {
            return "there are \(segments.count) of them, more than the \(maxCount) a note keeps"
        }
        var bytes = 0
        var previousStart = 0
        for (index, segment) in segments.enumerated() {
            let name = "segment \(index + 1)"
            guard segment.startMs >= 0, segment.endMs >= 0 else { return "\(name) has a negative time" }
            guard segment.startMs <= maxMs, segment.endMs <= maxMs else { return "\(name) has a time past \(maxMs) ms" }
            guard segment.startMs <= segment.endMs else {
                return "\(name) ends (\(segment.endMs) ms) before it starts (\(segment.startMs) ms)"
            }
            guard segment.startMs >= previousStart else {
                return "\(name) starts (\(segment.startMs) ms) before the segment ahead of it (\(previousStart) ms): segments go in recording order"
            }
            guard !segment.text.utf8.contains(0) else { return "\(name)'s text cannot contain NUL (U+0000)" }
            bytes += segment.text.utf8.count
            guard bytes <= maxTextBytes else { return "their texts hold more than the \(maxTextBytes) bytes a note keeps" }
            previousStart = segment.startMs
        }
        return nil
    }
}
