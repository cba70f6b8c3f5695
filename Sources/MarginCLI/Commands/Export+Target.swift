import FileSafety
import Foundation
import MarginViews
import NoteTransfer

/// `-o` given a folder: the hint names a file of the format being written, and for a folder
/// that does not exist says so rather than calling it a directory.
enum ExportTargetError: MarginError {
    case directory(path: String, format: ExportFormat, exists: Bool)

    var errorDescription: String? {
        guard case .directory(let path, let format, let exists) = self else { return nil }
        let folder = path.hasSuffix("/") ? path : path + "/"
        let file = "-o '\(folder)notes.\(Self.fileExtension(format))'"
        let vault = format == .markdown ? ", or one file per episode with --format obsidian --dir '\(path)'" : ""
        guard exists else {
            return "'\(path)' names a folder, and it does not exist; -o takes a file: create the folder, then e.g. \(file)\(vault)"
        }
        return "'\(path)' is a directory; name a file in it, e.g. \(file)\(vault)"
    }

    /// The file name ending a format is usually given.
    static func fileExtension(_ format: ExportFormat) -> String {
        switch format {
        case .json: "json"
        case .jsonl: "jsonl"
        case .csv, .readwise: "csv"
        case .markdown, .obsidian: "md"
        }
    }

    /// `-o out/` names a folder: refused before anything is written, since a file named `out`
    /// is not what the slash asked for.
    static func checkFolder(_ path: String, format: ExportFormat) throws {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        throw ExportTargetError.directory(path: path, format: format, exists: exists)
    }

    /// `failure` as the export's own error when it is about a folder, else unchanged.
    static func explaining(_ failure: AtomicFile.Failure, format: ExportFormat) -> any Error {
        guard case .isDirectory(let path) = failure else { return failure }
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        return ExportTargetError.directory(path: path, format: format, exists: exists)
    }
}
