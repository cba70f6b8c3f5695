import Foundation

/// The helper of a margin run from the build folder of its own checkout (`swift build`, `make`,
/// then `.build/debug/margin`), where nothing is installed beside it.
extension WhisperSetup {
    /// The folders SwiftPM builds into, below `.build` or below `.build/TRIPLE`.
    static let buildConfigurations: Set<String> = ["debug", "release"]

    /// `ROOT/scripts/margin-whisper`, when `executable` is a margin SwiftPM built in checkout
    /// ROOT: it sits in `ROOT/.build/debug` or `ROOT/.build/release` (or in the
    /// `ROOT/.build/TRIPLE/…` folder they link to), `ROOT/Package.swift` is margin's, and
    /// `scripts/margin-whisper` is a regular file there, not a link. Nil anywhere else: an
    /// installed margin, a copy, a folder that is merely called `.build` or `debug`.
    static func checkoutHelper(executable: String) -> String? {
        var folder = URL(fileURLWithPath: executable).standardizedFileURL.deletingLastPathComponent()
        guard buildConfigurations.contains(folder.lastPathComponent) else { return nil }
        folder.deleteLastPathComponent()
        if folder.lastPathComponent != ".build" {
            // The platform's folder, such as x86_64-unknown-linux-gnu.
            let triple = folder.lastPathComponent
            guard triple.contains("-"), !triple.hasPrefix("."), !triple.hasPrefix("-") else { return nil }
            folder.deleteLastPathComponent()
        }
        guard folder.lastPathComponent == ".build" else { return nil }
        let root = folder.deletingLastPathComponent().path
        guard isMarginPackage(root + "/Package.swift") else { return nil }
        let helper = root + "/scripts/margin-whisper"
        guard let type = try? FileManager.default.attributesOfItem(atPath: helper)[.type] as? FileAttributeType,
              type == .typeRegular, FileManager.default.isReadableFile(atPath: helper) else { return nil }
        return helper
    }

    /// True when the file is a Swift package manifest that names its package margin.
    private static func isMarginPackage(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        // A manifest names its package near the top; 64 KiB reads margin's whole.
        guard let data = try? handle.read(upToCount: 65_536) else { return false }
        let manifest = String(decoding: data, as: UTF8.self)
        let compact = String(manifest.unicodeScalars.filter { !$0.properties.isWhitespace })
        return manifest.hasPrefix("// swift-tools-version") && compact.contains("Package(name:\"margin\",")
    }
}
