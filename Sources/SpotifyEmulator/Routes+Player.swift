import Foundation
import Hummingbird

/// The player endpoints under `/v1/me/player`.
extension Routes {
    static func addPlayer(to router: Router<EmulatorContext>, state: EmulatorState) {
        router.get("/v1/me/player/currently-playing") { request, _ -> Response in
            try await authenticate(request, state)
            return jsonOrNoContent(await state.currentlyPlayingJSON(episodes: wantsEpisodes(request)))
        }

        router.get("/v1/me/player") { request, _ -> Response in
            try await authenticate(request, state)
            return jsonOrNoContent(await state.playerStateJSON(episodes: wantsEpisodes(request)))
        }

        router.get("/v1/me/player/devices") { request, _ -> Response in
            try await authenticate(request, state)
            return Reply.json(await state.devicesJSON())
        }

        router.put("/v1/me/player/pause") { request, _ -> Response in
            try await authenticate(request, state)
            try await state.pause(deviceID: query(request)["device_id"])
            return Reply.noContent()
        }

        router.put("/v1/me/player/play") { request, _ -> Response in
            try await authenticate(request, state)
            let body = try await playRequest(request)
            try await state.play(body, deviceID: query(request)["device_id"])
            return Reply.noContent()
        }

        router.put("/v1/me/player/seek") { request, _ -> Response in
            try await authenticate(request, state)
            let fields = query(request)
            guard let raw = fields["position_ms"] else {
                throw Failure.api(status: 400, message: "Missing required parameter: position_ms")
            }
            guard let position = Int(raw), position >= 0 else {
                throw Failure.api(status: 400, message: "Invalid position_ms: \(raw)")
            }
            try await state.seek(to: position, deviceID: fields["device_id"])
            return Reply.noContent()
        }
    }

    /// True when `additional_types` lists `episode` (otherwise episodes come back as `item: null`).
    private static func wantsEpisodes(_ request: Request) -> Bool {
        let types = query(request)["additional_types"] ?? ""
        return types.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == "episode" }
    }

    /// The optional JSON body of `PUT /me/player/play`; nil when empty.
    private static func playRequest(_ request: Request) async throws -> EmulatorState.PlayRequest? {
        let text = try await bodyText(request)
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        do {
            return try JSONDecoder().decode(EmulatorState.PlayRequest.self, from: Data(text.utf8))
        } catch {
            throw Failure.api(status: 400, message: "Malformed json")
        }
    }
}
