import Foundation

/// Opens `$EDITOR` (then `$VISUAL`, then `vi`) on a private temporary file and returns what was saved.
public enum Editor {
    /// Why the editor gave no text.
    public enum Failure: LocalizedError, Equatable {
        case cannotStart(String)
        case failed(editor: String, status: Int32)

        public var errorDescription: String? {
            switch self {
            case .cannotStart(let editor): "could not start the editor '\(editor)'; set EDITOR to one that works"
            case .failed(let editor, let status): "the editor '\(editor)' exited with status \(status); nothing was saved"
            }
        }
    }

    /// A capture body that opens the editor on an empty note once the moment is pinned; the
    /// text is what was saved, without its final line breaks.
    public static func body(environment: [String: String]) -> CaptureRequest.What {
        .compose { CaptureRequest.Written(text: try edit("", environment: environment).trimmingCharacters(in: .newlines)) }
    }

    /// Opens the editor on `initial` and returns the file as it was saved.
    public static func edit(_ initial: String, environment: [String: String]) throws -> String {
        let editor = [environment["EDITOR"], environment["VISUAL"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("margin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("note.md")
        try Data(initial.utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // Through the shell so EDITOR may carry arguments ("code --wait").
        process.arguments = ["-c", "\(editor) \"$1\"", "margin-editor", file.path]
        do { try process.run() } catch { throw Failure.cannotStart(editor) }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure.failed(editor: editor, status: process.terminationStatus) }
        return String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self)
    }
}
