#if canImport(Glibc)
import Glibc
#endif

extension ChildProcess {
    /// The `PATH` searched when the environment has none.
    public static let defaultPath = "/usr/local/bin:/usr/bin:/bin"

    /// The first executable regular file called `name` in the directories of `environment`'s
    /// `PATH`, as the shell would run it; nil when there is none. Empty entries are skipped
    /// (they would mean the working directory, which margin never searches).
    public static func find(_ name: String, environment: [String: String]) -> String? {
        guard !name.isEmpty, !name.contains("/") else { return nil }
        let path = environment["PATH"] ?? defaultPath
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            if isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    /// Whether `path` is a regular file this process may execute (a directory with its
    /// search bit is not).
    static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }
}
