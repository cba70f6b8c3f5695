import Hummingbird

/// Catalog endpoints: episodes, shows, tracks and search.
extension Routes {
    static func addCatalog(to router: Router<EmulatorContext>, state: EmulatorState) {
        router.get("/v1/episodes/:id") { request, context -> Response in
            try await authenticate(request, state)
            return Reply.json(try await state.episodeJSON(context.parameters.get("id") ?? ""))
        }

        router.get("/v1/episodes") { request, _ -> Response in
            try await authenticate(request, state)
            guard let ids = query(request).nonEmpty("ids") else {
                throw Failure.api(status: 400, message: "Missing parameter ids")
            }
            return Reply.json(try await state.episodesJSON(ids: ids))
        }

        router.get("/v1/tracks/:id") { request, context -> Response in
            try await authenticate(request, state)
            return Reply.json(try await state.trackJSON(context.parameters.get("id") ?? ""))
        }

        router.get("/v1/shows/:id") { request, context -> Response in
            try await authenticate(request, state)
            return Reply.json(try await state.showJSON(context.parameters.get("id") ?? ""))
        }

        router.get("/v1/shows/:id/episodes") { request, context -> Response in
            try await authenticate(request, state)
            let paging = try Paging.from(query(request), defaultLimit: 20, maxLimit: 50)
            return Reply.json(try await state.showEpisodesJSON(context.parameters.get("id") ?? "", paging: paging))
        }

        router.get("/v1/search") { request, _ -> Response in
            try await authenticate(request, state)
            let fields = query(request)
            // `next`/`previous` links spell the parameter `query`, as Spotify's do.
            guard let q = fields.nonEmpty("q") ?? fields.nonEmpty("query") else {
                throw Failure.api(status: 400, message: "No search query")
            }
            guard let rawTypes = fields.nonEmpty("type") else {
                throw Failure.api(status: 400, message: "Missing parameter type")
            }
            let types = rawTypes.split(separator: ",").map(String.init)
            if let bad = types.first(where: { !EmulatorState.searchTypes.contains($0) }) {
                throw Failure.api(status: 400, message: "Bad search type field \(bad)")
            }
            // Development-mode apps may ask for at most 10 results per type since 2026.
            let paging = try Paging.from(fields, defaultLimit: 10, maxLimit: 10)
            return Reply.json(await state.searchJSON(query: q, types: types, paging: paging))
        }
    }

    /// The user's own endpoints: profile and saved shows and episodes.
    static func addLibrary(to router: Router<EmulatorContext>, state: EmulatorState) {
        router.get("/v1/me") { request, _ -> Response in
            try await authenticate(request, state)
            return Reply.json(await state.meJSON())
        }

        router.get("/v1/me/shows") { request, _ -> Response in
            try await authenticate(request, state)
            let paging = try Paging.from(query(request), defaultLimit: 20, maxLimit: 50)
            return Reply.json(await state.savedShowsJSON(paging: paging))
        }

        router.get("/v1/me/episodes") { request, _ -> Response in
            try await authenticate(request, state)
            let paging = try Paging.from(query(request), defaultLimit: 20, maxLimit: 50)
            return Reply.json(await state.savedEpisodesJSON(paging: paging))
        }
    }
}
