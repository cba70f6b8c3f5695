import Foundation
@testable import NoteStore
import NoteFixtures
@testable import NoteTransfer

extension NoteDatabase {
    /// The Obsidian export into `directory`, each file written whole (as the CLI's atomic
    /// writer does); the paths written are collected in `written`.
    @discardableResult
    func exportedVault(_ directory: String, _ filter: NoteFilter = NoteFilter(), written: inout [String]) throws -> VaultSummary {
        var paths: [String] = []
        let summary = try exportVault(filter, to: directory) { path, contents in
            try contents.write(to: URL(fileURLWithPath: path), options: .atomic)
            paths.append(path)
        }
        written = paths
        return summary
    }

    @discardableResult
    func exportedVault(_ directory: String, _ filter: NoteFilter = NoteFilter()) throws -> VaultSummary {
        var written: [String] = []
        return try exportedVault(directory, filter, written: &written)
    }
}

/// Reading and changing the files of an exported vault.
enum Vault {
    /// The directory's file names, sorted.
    static func names(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}
