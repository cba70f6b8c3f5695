import FileSafety
import Foundation
import MarginConfig
import MarginViews

/// Rewrites `config.toml` for `config set` and `config unset`.
enum ConfigWriter {
    /// Applies `change` to the config file and writes it back. A file margin cannot parse is
    /// repaired: what can be read is kept, and the whole old file is saved beside it as `.bak`.
    static func update(_ change: (inout ConfigFile) -> Void) throws {
        let (settings, problem) = Settings.lenient()
        let path = settings.paths.configFile
        var config = settings.config
        if problem != nil {
            let old = FileManager.default.contents(atPath: path) ?? Data()
            let (salvaged, problems) = ConfigFile.salvage(String(decoding: old, as: UTF8.self))
            do { try AtomicFile.write(old, to: path + ".bak") } catch {
                throw SettingError.configUnwritable(path: path + ".bak", reason: Self.reason(error))
            }
            config = salvaged
            let lines = problems.map { "line \($0.line) (\($0.reason))" }.joined(separator: ", ")
            Console.err("margin: left out what could not be read from '\(path)': \(lines); the old file is '\(path).bak'")
        }
        change(&config)
        do {
            try FileManager.default.createDirectory(atPath: settings.paths.configDirectory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try AtomicFile.write(Data(config.text.utf8), to: path)
        } catch {
            throw SettingError.configUnwritable(path: path, reason: Self.reason(error))
        }
    }

    /// The system's words for a failed write, without the path the message names already.
    private static func reason(_ error: any Error) -> String {
        if case AtomicFile.Failure.cannotWrite(_, let reason) = error { return reason }
        return (error as? any LocalizedError)?.errorDescription ?? error.localizedDescription
    }
}
