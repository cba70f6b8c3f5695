/// `GET /search` over the built-in catalog.
extension EmulatorState {
    /// Types Spotify's search accepts; the catalog only has shows, episodes and tracks,
    /// so the others answer empty pages.
    static let searchTypes = ["album", "artist", "playlist", "track", "show", "episode", "audiobook"]

    /// Results for `query` in each of `types`: every word of the query must appear,
    /// case-insensitively, in the item's name or description.
    func searchJSON(query: String, types: [String], paging: Paging) -> JSON {
        let words = query.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        func matches(_ texts: String...) -> Bool {
            let haystack = texts.joined(separator: " ").lowercased()
            return words.allSatisfy { haystack.contains($0) }
        }
        var result: [JSON.Member] = []
        for type in types {
            let items: [JSON]
            switch type {
            case "show":
                items = catalog.shows.filter { matches($0.name, $0.description) }.map { catalog.json($0, links: links) }
            case "episode":
                items = catalog.shows.flatMap(\.episodes).filter { matches($0.name, $0.description) }
                    .map { catalog.json($0, links: links, withShow: false, resume: nil) }
            case "track":
                items = catalog.tracks.filter { track in matches(track.name, track.album.name, track.artists.map(\.name).joined(separator: " ")) }
                    .map { catalog.json($0, links: links) }
            default:
                items = []
            }
            let page = paging.json(items) { offset, limit in
                "\(links.api)/search?query=\(FormFields.encode(query))&type=\(type)&offset=\(offset)&limit=\(limit)"
            }
            result.append(JSON.Member(key: type + "s", value: page))
        }
        return .object(result)
    }
}
