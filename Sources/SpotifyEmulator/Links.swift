/// Builds the URLs that appear inside responses.
///
/// `href`s and paging `next`/`previous` point back at the emulator itself, so a client that
/// follows them stays offline; `external_urls` point at open.spotify.com as the real ones do.
struct Links: Sendable {
    /// The Web API root, e.g. `http://127.0.0.1:54321/v1`.
    var api: String

    /// `{api}/{collection}/{id}`, e.g. `…/v1/episodes/512ojhOuo1ktJprKbVcKyQ`.
    func href(_ collection: String, _ id: String) -> JSON {
        .string("\(api)/\(collection)/\(id)")
    }

    /// `{"spotify":"https://open.spotify.com/{type}/{id}"}`.
    func external(_ type: String, _ id: String) -> JSON {
        ["spotify": .string("https://open.spotify.com/\(type)/\(id)")]
    }

    /// `spotify:{type}:{id}`.
    func uri(_ type: String, _ id: String) -> JSON {
        .string("spotify:\(type):\(id)")
    }

    /// Three image sizes, like Spotify's 640/300/64 set, with stable made-up URLs.
    func images(for id: String, prefix: String = "ab676563") -> JSON {
        let hex = id.utf8.prefix(16).map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
        return .array([640, 300, 64].enumerated().map { index, size in
            [
                "height": .int(size),
                "url": .string("https://i.scdn.co/image/\(prefix)0000\(["ba8a", "5f1f", "f68d"][index])\(hex)"),
                "width": .int(size),
            ]
        })
    }
}
