import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starting a recognizer's child process: in a process group of its own (so that a timeout
/// kills it and whatever it started), with default signal dispositions and an empty signal
/// mask, and with the given descriptors as its standard input, output and error.
enum ChildSpawn {
    /// The child's pid, or the `errno` of the failed `posix_spawn`.
    static func start(executable: String, arguments: [String], input: Int32, output: Int32, errors: Int32,
                      environment extra: [String: String] = [:]) -> Result<pid_t, Errno> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), empty = sigset_t()
        sigemptyset(&defaults)
        for signo in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, signo) }
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let variables = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        let environment = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { environment.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
        return spawned == 0 ? .success(pid) : .failure(Errno(code: spawned))
    }

    /// An `errno` value with its text.
    struct Errno: Error {
        var code: Int32
        var text: String { String(cString: strerror(code)) }
    }

    /// A pipe whose ends are closed in any program margin starts (the child gets copies of
    /// its own ends only); nil when there is none.
    static func pipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }
}
