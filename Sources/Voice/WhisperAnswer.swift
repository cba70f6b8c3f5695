/// One line `margin-whisper` prints: its readiness, a transcript, or an error.
struct WhisperAnswer: Decodable {
    var ready: Bool?
    var loadMs: Int?
    var pid: Int?
    var text: String?
    var segments: [WhisperSegment]?
    var error: String?

    enum CodingKeys: String, CodingKey {
        case ready, pid, text, segments, error
        case loadMs = "load_ms"
    }

    /// Whether the line is one of the protocol's: `ready`, `text` or `error`.
    var isProtocol: Bool { ready == true || text != nil || error != nil }
}

/// A stretch of a transcript and where in the recording it was said.
public struct WhisperSegment: Codable, Sendable, Equatable {
    public var startMs: Int
    public var endMs: Int
    public var text: String

    public init(startMs: Int, endMs: Int, text: String) {
        self.startMs = startMs
        self.endMs = endMs
        self.text = text
    }

    enum CodingKeys: String, CodingKey {
        case text
        case startMs = "start_ms"
        case endMs = "end_ms"
    }
}

/// A transcript with its segments.
public struct WhisperTranscript: Sendable, Equatable {
    public var text: String
    public var segments: [WhisperSegment]
    /// The helper's pid: the same for every transcript a warm helper makes.
    public var helperPID: Int32
}
