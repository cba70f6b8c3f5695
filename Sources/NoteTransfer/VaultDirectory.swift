import Foundation

/// The export directory as the Obsidian export finds it: which file holds which page, and
/// which names are taken.
///
/// A file belongs to a page when its block's begin marker carries the page's key, or, with the
/// markers gone, when its front matter's `spotify_episode_id` or `spotify_track_id` is the
/// page's id. The same page is then found in the same file on every export, whatever its name
/// (renamed by the user, or named before the episode's name was known). A new page gets
/// `Show - Episode.md`, or, when that name is taken by another file (another episode of the
/// same name, or a file of the user's), `Show - Episode (512ojh).md` with the start of the id,
/// then the whole id, then a number. Names are compared ignoring case, as macOS and Windows
/// file systems would.
struct VaultDirectory {
    let path: String
    /// Page key to file name.
    private var owners: [String: String] = [:]
    /// Every name in the directory and every name given out, lowercased.
    private var taken: Set<String> = []

    /// Reads the directory's `.md` files (not its subdirectories), making it first if missing.
    init(path: String) throws(VaultExportError) {
        self.path = path
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .notADirectory(path) }
        } else {
            do {
                try files.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
            } catch {
                throw .cannotUseDirectory(path, Self.reason(error))
            }
        }
        let names: [String]
        do { names = try files.contentsOfDirectory(atPath: path).sorted() } catch { throw .cannotUseDirectory(path, Self.reason(error)) }
        for name in names {
            taken.insert(name.lowercased())
            guard name.hasSuffix(".md"), !name.hasPrefix("."),
                  let data = files.contents(atPath: path + "/" + name),
                  let text = String(validating: data, as: UTF8.self), let key = Self.pageKey(in: text)
            else { continue }
            // Two files claiming one page (a copy): the first by name keeps it.
            if owners[key] == nil { owners[key] = name }
        }
    }

    /// The file name of `page`: the file that already holds it, or a new name, then taken.
    mutating func fileName(for page: VaultPage) -> (name: String, isNew: Bool) {
        if let name = owners[page.key] { return (name, false) }
        let base = page.baseName
        var name = base + ".md"
        for candidate in ["\(base) (\(page.key.prefix(6))).md", "\(base) (\(page.key)).md"] where taken.contains(name.lowercased()) {
            name = candidate
        }
        var number = 2
        while taken.contains(name.lowercased()) {
            name = "\(base) (\(page.key)) \(number).md"
            number += 1
        }
        taken.insert(name.lowercased())
        owners[page.key] = name
        return (name, true)
    }

    /// The page key a file's text names: its begin marker's, else its front matter's id.
    static func pageKey(in text: String) -> String? {
        let lines = VaultFile.lines(of: text)
        if let range = VaultFile.blockRange(in: lines) {
            let marker = lines[range.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
            let key = marker.dropFirst(VaultPage.beginMarker.count).dropLast(3).trimmingCharacters(in: .whitespaces)
            if !key.isEmpty { return key }
        }
        guard lines.first?.trimmingCharacters(in: .whitespacesAndNewlines) == "---" else { return nil }
        for line in lines.dropFirst() {
            let content = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if content == "---" || content == "..." { break }
            guard let key = VaultFile.key(of: line), key == "spotify_episode_id" || key == "spotify_track_id",
                  let colon = line.firstIndex(of: ":")
            else { continue }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            let id = value.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            if !id.isEmpty { return id }
        }
        return nil
    }

    private static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return error.localizedDescription
    }
}
