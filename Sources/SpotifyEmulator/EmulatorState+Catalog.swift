/// Response bodies for the catalog endpoints: episodes, shows, tracks and the user's library.
extension EmulatorState {
    /// `GET /episodes/{id}`.
    func episodeJSON(_ id: String) throws(Failure) -> JSON {
        guard let episode = availableEpisode(try EmulatorState.checkedID(id)) else { throw EmulatorState.notFound }
        return catalog.json(episode, links: links, withShow: true, resume: resumePoint(for: episode.id))
    }

    /// `GET /episodes?ids=`: `{"episodes": [...]}` in the order asked, `null` for an id that is
    /// unknown or not available in the market. At most 50 ids; 403 (or the scenario's
    /// `batch_refusal`, 404) when the scenario's app may not make batch look-ups.
    func episodesJSON(ids raw: String) throws(Failure) -> JSON {
        guard scenario.library.batchLookups else {
            let status = scenario.library.batchRefusal
            throw Failure.api(status: status, message: status == 404 ? "Resource not found" : "Forbidden")
        }
        let ids = raw.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard ids.count <= 50 else { throw Failure.api(status: 400, message: "Too many ids requested") }
        var items: [JSON] = []
        for id in ids {
            guard let episode = availableEpisode(try EmulatorState.checkedID(id)) else {
                items.append(.null)
                continue
            }
            items.append(catalog.json(episode, links: links, withShow: true, resume: resumePoint(for: episode.id)))
        }
        return ["episodes": .array(items)]
    }

    /// The episode with this id, unless the scenario makes it unavailable in the user's market.
    private func availableEpisode(_ id: String) -> Catalog.Episode? {
        scenario.library.unavailableEpisodes.contains(id) ? nil : catalog.episode(id)
    }

    /// `GET /tracks/{id}`.
    func trackJSON(_ id: String) throws(Failure) -> JSON {
        guard let track = catalog.track(try EmulatorState.checkedID(id)) else { throw EmulatorState.notFound }
        return catalog.json(track, links: links)
    }

    /// `GET /shows/{id}`: the show with its first 50 episodes embedded.
    func showJSON(_ id: String) throws(Failure) -> JSON {
        guard let show = catalog.show(try EmulatorState.checkedID(id)) else { throw EmulatorState.notFound }
        var object = catalog.json(show, links: links)
        object.set("episodes", try showEpisodesJSON(show.id, paging: Paging(limit: 50, offset: 0)))
        return object
    }

    /// `GET /shows/{id}/episodes`: a page of simplified episodes, newest first.
    func showEpisodesJSON(_ id: String, paging: Paging) throws(Failure) -> JSON {
        guard let show = catalog.show(try EmulatorState.checkedID(id)) else { throw EmulatorState.notFound }
        let items = show.episodes.map { episode in
            catalog.json(episode, links: links, withShow: false, resume: resumePoint(for: episode.id))
        }
        return paging.json(items) { offset, limit in "\(links.api)/shows/\(show.id)/episodes?offset=\(offset)&limit=\(limit)" }
    }

    /// `GET /me/shows`: saved shows as `{added_at, show}`.
    func savedShowsJSON(paging: Paging) -> JSON {
        let items: [JSON] = catalog.savedShows.compactMap { saved in
            catalog.show(saved.showID).map { ["added_at": .string(saved.addedAt), "show": catalog.json($0, links: links)] }
        }
        return paging.json(items) { offset, limit in "\(links.api)/me/shows?offset=\(offset)&limit=\(limit)" }
    }

    /// `GET /me/episodes`: saved episodes as `{added_at, episode}` (full episodes).
    func savedEpisodesJSON(paging: Paging) -> JSON {
        let items: [JSON] = catalog.savedEpisodes.compactMap { saved in
            catalog.episode(saved.episodeID).map { episode in
                ["added_at": .string(saved.addedAt),
                 "episode": catalog.json(episode, links: links, withShow: true, resume: resumePoint(for: episode.id))]
            }
        }
        return paging.json(items) { offset, limit in "\(links.api)/me/episodes?offset=\(offset)&limit=\(limit)" }
    }

    /// `GET /me`: no `email`, `country`, `followers` or `explicit_content`, as in 2026
    /// development mode; `product` only when the scenario has one.
    func meJSON() -> JSON {
        let user = scenario.user
        var object: JSON = [
            "display_name": .string(user.displayName),
            "external_urls": ["spotify": .string("https://open.spotify.com/user/\(user.id)")],
            "href": .string("\(links.api)/users/\(user.id)"),
            "id": .string(user.id),
            "images": [],
        ]
        if let product = user.product { object.set("product", .string(product.rawValue)) }
        object.set("type", "user")
        object.set("uri", .string("spotify:user:\(user.id)"))
        return object
    }

    /// `GET /me/player/currently-playing`; nil means 204.
    func currentlyPlayingJSON(episodes: Bool) -> JSON? {
        player.currentlyPlayingJSON(catalog: catalog, links: links, episodes: episodes, now: now)
    }

    /// `GET /me/player`; nil means 204.
    func playerStateJSON(episodes: Bool) -> JSON? {
        player.stateJSON(catalog: catalog, links: links, episodes: episodes, now: now)
    }

    /// `GET /me/player/devices`.
    func devicesJSON() -> JSON {
        player.devicesJSON
    }

    static let notFound = Failure.api(status: 404, message: "Resource not found")

    /// The id itself when it is a Spotify id, else Spotify's 400 "Invalid base62 id".
    static func checkedID(_ id: String) throws(Failure) -> String {
        guard Base62.isSpotifyID(id) else { throw .api(status: 400, message: "Invalid base62 id") }
        return id
    }
}
