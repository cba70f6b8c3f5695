import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension ChildProcess {
    /// margin's own executable, as the kernel knows it.
    public static func ownExecutable() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Where a helper program of margin's (`margin-sync`, `margin-whisper`) is looked for, as git
    /// looks for its subcommands: beside `executable` (a build directory), then in
    /// `../libexec/margin` from it (where `make install` and the package put it).
    public static func helperPlaces(_ name: String, beside executable: String) -> [String] {
        let here = (executable as NSString).deletingLastPathComponent
        return [here + "/" + name, here + "/../libexec/margin/" + name]
    }

    /// Runs `arguments` (the first a path) in this process's place with exactly `environment`,
    /// every signal unblocked: a program keeps the signal mask of the thread that runs it, and
    /// the concurrency pool's threads block most. Returns only when that fails, with its errno.
    public static func replace(with arguments: [String], environment: [String: String]) -> Errno {
        guard let program = arguments.first, !program.isEmpty else { return Errno(code: EINVAL) }
        let (argv, envp) = (cStrings(arguments), cStrings(environment.map { "\($0.key)=\($0.value)" }))
        defer { (argv + envp).forEach { free($0) } }
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, nil)
        execve(program, argv, envp)
        return Errno(code: errno)
    }

    /// `strings` as C strings for `argv` or `envp`, ending in nil; each to be freed.
    static func cStrings(_ strings: [String]) -> [UnsafeMutablePointer<CChar>?] {
        strings.map { strdup($0) } + [nil]
    }
}
