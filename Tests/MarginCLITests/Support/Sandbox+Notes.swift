import Foundation
import Testing

extension Sandbox {
    var databasePath: String { root + "/data/margin/notes.sqlite" }

    /// Runs a command expected to print one JSON object.
    func object(_ arguments: String..., env: [String: String] = [:], stdin: String? = nil) async throws -> [String: Any] {
        let result = try await run(arguments, env: env, stdin: stdin)
        guard result.status == 0, let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] else {
            throw ProcessTimeout(arguments: arguments + ["exit \(result.status): \(result.stderr)"])
        }
        return object
    }

    /// Runs a command expected to print a JSON array of note objects.
    func notes(_ arguments: String..., env: [String: String] = [:]) async throws -> [[String: Any]] {
        let result = try await run(arguments, env: env)
        guard result.status == 0, let array = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] else {
            throw ProcessTimeout(arguments: arguments + ["exit \(result.status): \(result.stderr)"])
        }
        return array
    }

    /// Takes a note and returns its id.
    func take(_ text: String, _ extra: String...) async throws -> String {
        let arguments = ["note", text, "--json"] + extra
        let result = try await run(arguments)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        guard result.status == 0, let id = object?["id"] as? String else {
            throw ProcessTimeout(arguments: arguments + ["exit \(result.status): \(result.stderr)"])
        }
        return id
    }
}
