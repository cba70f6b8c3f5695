import Foundation
import SpotifyClient

/// Fetches episodes by id: in batches of 50 (`GET /episodes?ids=`), or, where Spotify refuses
/// batches (development-mode apps since 2026 answer 403; some accounts and markets 404), one
/// by one, four at a time.
struct EpisodeFetch: Sendable {
    let api: SpotifyAPI
    let market: String?

    /// How many single look-ups run at once when batches are refused.
    static let parallelLookups = 4

    /// The episodes in the order of `ids`; nil for one Spotify does not have in the market.
    func episodes(_ ids: [String]) async throws -> [Episode?] {
        do {
            return try await api.episodes(ids: ids, market: market)
        } catch SpotifyError.forbidden {
            return try await oneByOne(ids)
        } catch SpotifyError.notFound {
            // A batch holds ids Spotify knows (they come from notes and listings), and an
            // unknown one is `null` in a batch reply, not a 404: the endpoint itself is refused.
            return try await oneByOne(ids)
        }
    }

    private func oneByOne(_ ids: [String]) async throws -> [Episode?] {
        var results = [Episode?](repeating: nil, count: ids.count)
        try await withThrowingTaskGroup(of: (Int, Episode?).self) { group in
            var next = 0
            func start() {
                guard next < ids.count else { return }
                let index = next
                next += 1
                group.addTask { [api, market] in
                    do {
                        return (index, try await api.episode(id: ids[index], market: market))
                    } catch SpotifyError.notFound {
                        return (index, nil)
                    }
                }
            }
            for _ in 0..<Self.parallelLookups { start() }
            while let (index, episode) = try await group.next() {
                results[index] = episode
                start()
            }
        }
        return results
    }
}
