/// Generated shows for scenarios that need a bigger library than the built-in two: paging,
/// hundreds of annotated episodes, names of several shapes.
extension Catalog {
    /// This catalog with `count` generated shows of `episodesPerShow` episodes each, every one
    /// saved in the user's library. The same arguments always give the same ids and names.
    func adding(generatedShows count: Int, episodesPerShow: Int) -> Catalog {
        guard count > 0 else { return self }
        var catalog = self
        for index in 0..<count {
            let show = Self.generatedShow(index, episodes: episodesPerShow)
            catalog.shows.append(show)
            // Saved a day apart, the newest last, as `/me/shows` lists most recent first by date.
            catalog.savedShows.append((showID: show.id, addedAt: Self.day(index) + "T08:00:00Z"))
        }
        return catalog
    }

    /// Show names of the shapes real libraries have: punctuation, non-ASCII scripts, length.
    private static let showNames = [
        "Signals & Noise", "Café Kernel", "東京テックトーク", "The Long Road to Production: Stories, Mistakes "
            + "and the People Who Fixed Them at Three in the Morning", "Zürich Data Hour", "#hashtag \"Quoted\" Show",
        "Ünïcödé Pödcast", "Ship It", "Mañana Devs", "Запуск в пятницу",
    ]

    private static func generatedShow(_ index: Int, episodes count: Int) -> Show {
        let id = Self.id("show", index, 0)
        let name = "\(showNames[index % showNames.count]) \(index + 1)"
        let episodes = (0..<count).map { number in
            Episode(
                id: Self.id("episode", index, number), showID: id,
                name: "Ep. \(count - number) — \(["Notes on", "Über", "Thoughts: on", "Late night with"][number % 4]) \(name)",
                description: "Generated episode \(count - number) of \(name).",
                durationMs: 600_000 + (index * 7_919 + number * 104_729) % 5_400_000,
                releaseDate: Self.day(count - number))
        }
        return Show(id: id, name: name, publisher: "Generated Audio", description: "A generated show: \(name).",
                    language: "en", explicit: false, episodes: episodes)
    }

    /// A date in 2025, `offset` days after January 1st (wrapping within the year).
    private static func day(_ offset: Int) -> String {
        let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        var day = offset % 365
        var month = 0
        while day >= lengths[month] { day -= lengths[month]; month += 1 }
        return "2025-" + String(format2: month + 1) + "-" + String(format2: day + 1)
    }

    /// A 22-character base62 id from a SplitMix64 stream seeded by the kind and numbers.
    private static func id(_ kind: String, _ show: Int, _ episode: Int) -> String {
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
        var state = UInt64(truncatingIfNeeded: show &* 1_000_003 &+ episode) &+ (kind == "show" ? 0x5eed : 0xe915)
        var bytes: [UInt8] = []
        for _ in 0..<22 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            bytes.append(alphabet[Int(z % 62)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

private extension String {
    /// Two digits, zero-padded.
    init(format2 value: Int) {
        self = value < 10 ? "0\(value)" : "\(value)"
    }
}
