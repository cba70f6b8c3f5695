/// An episode, full (with `show`, `resume_point`) or simplified (search, show pages).
struct RawEpisode: Decodable {
    var id: String?
    var uri: String?
    var name: String?
    var durationMs: Int?
    var releaseDate: String?
    /// `year`, `month`, `day`, or any value Spotify adds: kept as text.
    var releaseDatePrecision: String?
    var description: String?
    var show: RawShow?
    var resumePoint: ResumePoint?

    /// Needs the `user-read-playback-position` scope; `resume_position_ms` has been seen negative.
    struct ResumePoint: Decodable {
        var fullyPlayed: Bool?
        var resumePositionMs: Int?

        enum CodingKeys: String, CodingKey {
            case fullyPlayed = "fully_played"
            case resumePositionMs = "resume_position_ms"
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            fullyPlayed = c.lenient(Bool.self, .fullyPlayed)
            resumePositionMs = c.lenientInt(.resumePositionMs)
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, uri, name, description, show
        case durationMs = "duration_ms"
        case releaseDate = "release_date"
        case releaseDatePrecision = "release_date_precision"
        case resumePoint = "resume_point"
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.lenient(String.self, .id)
        uri = c.lenient(String.self, .uri)
        name = c.lenient(String.self, .name)
        durationMs = c.lenientInt(.durationMs)
        releaseDate = c.lenient(String.self, .releaseDate)
        releaseDatePrecision = c.lenient(String.self, .releaseDatePrecision)
        description = c.lenient(String.self, .description)
        show = c.lenient(RawShow.self, .show)
        resumePoint = c.lenient(ResumePoint.self, .resumePoint)
    }
}
