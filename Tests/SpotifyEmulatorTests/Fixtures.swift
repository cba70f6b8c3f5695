import Foundation
import Testing

/// The recorded Spotify responses in `shared/fixtures/spotify/`, beside the repository.
enum Fixtures {
    /// `…/Tests/SpotifyEmulatorTests/Fixtures.swift` → `…/../shared/fixtures/spotify`.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("../../../shared/fixtures/spotify")
        .standardized

    /// A fixture's top-level object, e.g. `object("currently-playing/java-episode.json")`.
    static func object(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: directory.appendingPathComponent(name))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Keys that 2026 development mode drops (docs/emulator.md, Fidelity): the emulator leaves them out.
    static let drift: Set<String> = ["available_markets", "publisher", "birthdate", "country", "email", "followers", "explicit_content"]

    /// Keys the emulator sends that some recordings lack but the API documents.
    static let extras: Set<String> = [
        "html_description", "total_episodes", "resume_point", "is_local", "release_date",
        "release_date_precision", "total_tracks", "supports_volume",
    ]

    /// Differences between the key structure of `actual` and `expected`, recursively:
    /// missing keys, unexpected keys, and object-versus-array mismatches.
    static func shapeDifferences(_ actual: Any, _ expected: Any, path: String = "$") -> [String] {
        switch (actual, expected) {
        case (let a as [String: Any], let e as [String: Any]):
            var problems: [String] = []
            let actualKeys = Set(a.keys)
            let expectedKeys = Set(e.keys)
            for key in expectedKeys.subtracting(actualKeys).subtracting(drift).sorted() { problems.append("\(path).\(key) missing") }
            for key in actualKeys.subtracting(expectedKeys).subtracting(extras).sorted() { problems.append("\(path).\(key) unexpected") }
            // `disallows` lists only what is disallowed right now: an open set.
            for key in actualKeys.intersection(expectedKeys).sorted() where key != "disallows" {
                if let a = a[key], let e = e[key] { problems += shapeDifferences(a, e, path: "\(path).\(key)") }
            }
            return problems
        case (let a as [Any], let e as [Any]):
            guard let first = a.first, let model = e.first else { return [] }
            return shapeDifferences(first, model, path: path + "[0]")
        case (is NSNull, _), (_, is NSNull):
            return []
        case (is [String: Any], _), (_, is [String: Any]), (is [Any], _), (_, is [Any]):
            return ["\(path) has a different type"]
        default:
            return []
        }
    }
}
