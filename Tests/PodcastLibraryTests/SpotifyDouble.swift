import Foundation
import SpotifyClient

/// A unit-level stand-in for Spotify's Web API: answers each request from a function of its
/// path and query, and records what it was sent.
actor SpotifyDouble: HTTPTransport {
    private let answer: @Sendable (String, [String: String]) -> TransportResponse
    private(set) var sent: [TransportRequest] = []

    init(_ answer: @escaping @Sendable (_ path: String, _ query: [String: String]) -> TransportResponse) {
        self.answer = answer
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        sent.append(request)
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        let query = Dictionary((components?.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
        return answer(components?.path ?? "", query)
    }

    /// The paths asked for, in order.
    var paths: [String] { sent.map(\.url.path) }

    /// A `SpotifyAPI` that talks to `double`.
    static func api(_ double: SpotifyDouble) -> SpotifyAPI {
        SpotifyAPI(baseURL: URL(string: "https://api.spotify.test/v1") ?? URL(fileURLWithPath: "/v1"), transport: double)
    }
}

extension TransportResponse {
    /// A JSON answer.
    static func json(_ text: String, status: Int = 200) -> TransportResponse {
        TransportResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }
}

/// Episodes as Spotify's Web API writes them.
enum SpotifyJSON {
    static func episode(_ id: String, name: String, show: String = "Craft, Code & Curiosity", resumeMs: Int = 0,
                        played: Bool = false) -> String {
        """
        {"id":"\(id)","name":"\(name)","duration_ms":3723000,"release_date":"2026-11-01","release_date_precision":"day",
         "resume_point":{"fully_played":\(played),"resume_position_ms":\(resumeMs)},
         "show":{"id":"5CfCWKI5pZ28U0uOzXkDHe","name":"\(show)","publisher":"Lamplight Audio"}}
        """
    }

    static func episodes(_ items: [String?]) -> String {
        "{\"episodes\":[" + items.map { $0 ?? "null" }.joined(separator: ",") + "]}"
    }
}
