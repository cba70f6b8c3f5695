import Foundation

/// Why the Obsidian export stopped. Files written before the failure are complete (each is
/// replaced whole), and the ones after it are as they were.
public enum VaultExportError: Error, Equatable, LocalizedError {
    /// `obsidian` was asked of an export that writes one stream.
    case needsDirectory
    /// The directory could not be made or read: its path and the system's reason.
    case cannotUseDirectory(String, String)
    /// The path names something that is not a directory.
    case notADirectory(String)

    public var errorDescription: String? {
        switch self {
        case .needsDirectory:
            "--format obsidian writes one file per episode into a directory; name it with --dir, e.g. --dir ~/vault/Podcasts"
        case .cannotUseDirectory(let path, let reason):
            "cannot use '\(path)' for the export (\(reason)); name a directory margin may write, e.g. --dir ~/vault/Podcasts"
        case .notADirectory(let path):
            "'\(path)' is not a directory; name the folder of the vault the files go to, e.g. --dir ~/vault/Podcasts"
        }
    }
}

/// What an Obsidian export did: how many files it wrote new, rewrote, and found already up to date.
public struct VaultSummary: Equatable, Sendable {
    public var created = 0
    public var updated = 0
    public var unchanged = 0

    /// Every file the export covered.
    public var files: Int { created + updated + unchanged }
}
