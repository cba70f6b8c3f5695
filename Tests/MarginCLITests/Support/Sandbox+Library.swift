import Foundation
import SpotifyEmulator
import Testing

/// A note pinned to an episode, as the library tests seed them through `margin import`.
struct SeedNote {
    var episode: String
    var show: String
    var showName: String
    var episodeName: String
    var progressMs: Int = 60_000
    /// Minutes after 2026-11-01T00:00Z when the note was taken.
    var minute: Int
    var text: String = "a thought"
}

extension Sandbox {
    /// Imports `notes` (JSON Lines through `margin import -`), expecting all to be added.
    func seed(_ notes: [SeedNote]) async throws {
        let lines = try notes.enumerated().map { index, note -> String in
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let stamp = formatter.string(from: Date(timeIntervalSince1970: 1_793_491_200 + Double(note.minute) * 60))
            let object: [String: Any] = [
                "id": String(format: "%08x-0000-4000-8000-%012x", index + 1, note.minute), "text": note.text, "tags": [],
                "created_at": stamp, "updated_at": stamp, "pinned": true, "item_type": "episode",
                "item_id": note.episode, "item_uri": "spotify:episode:\(note.episode)", "item_name": note.episodeName,
                "show_id": note.show, "show_name": note.showName, "progress_ms": note.progressMs, "duration_ms": 3_600_000,
                "position": NSNull(), "link": NSNull(),
            ]
            return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        }
        let result = try await run(["import", "-"], stdin: lines.joined(separator: "\n") + "\n")
        guard result.status == 0, result.stdout.contains("\(notes.count) added") else {
            throw SetupFailure(message: "import failed: \(result.output)")
        }
    }

    /// One note on each episode of the catalog's shows from `first` on, the newest on the
    /// first episode listed.
    func seedCatalog(shows: ArraySlice<CatalogSummary.Show>) async throws -> [String] {
        var notes: [SeedNote] = []
        var minute = 100_000
        for show in shows {
            for episode in show.episodes {
                notes.append(SeedNote(episode: episode.id, show: show.id, showName: show.name, episodeName: episode.name, minute: minute))
                minute -= 1
            }
        }
        try await seed(notes)
        return notes.map(\.episode)
    }

    /// Runs a command expected to print a JSON array of objects.
    func array(_ arguments: String..., env: [String: String] = [:]) async throws -> [[String: Any]] {
        let result = try await run(arguments, env: env)
        guard result.status == 0, let array = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] else {
            throw ProcessTimeout(arguments: arguments + ["exit \(result.status): \(result.stderr)"])
        }
        return array
    }
}

/// A test's set-up that did not work, with what the command said.
struct SetupFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
