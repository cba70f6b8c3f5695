import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The one way margin starts a program (an editor, a pager, a browser, a recorder, a
/// recognizer): every signal it might have inherited handled or blocked (margin ignores some,
/// and the cooperative pool's threads block most) back at its default and unblocked, its
/// standard streams as asked, optionally in a process group of its own (so that a timeout kills
/// it and whatever it started). Only the descriptors it is given reach it: margin's own are
/// close-on-exec. Waiting for it and reading its end are in `ChildProcess+Wait.swift`.
public enum ChildProcess {
    /// Where one of the child's standard streams comes from.
    public enum Stream: Sendable {
        /// margin's own (the terminal, for an editor).
        case inherited
        /// This descriptor of margin's, at the stream's number in the child.
        case descriptor(Int32)
        /// `/dev/null`.
        case null
    }

    /// Starts `arguments`, whose first is the program: a path, or a name looked up on the
    /// `PATH` of `environment` (``find(_:environment:)``). Returns the child's pid, or the
    /// `errno` of the failed start (`ENOENT` for a name not found on `PATH`).
    public static func start(_ arguments: [String], input: Stream = .inherited, output: Stream = .inherited,
                             errors: Stream = .inherited, ownGroup: Bool = false,
                             environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<pid_t, Errno> {
        guard let program = arguments.first, !program.isEmpty else { return .failure(Errno(code: EINVAL)) }
        guard let executable = program.contains("/") ? program : find(program, environment: environment) else {
            return .failure(Errno(code: ENOENT))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (stream, number) in [(input, Int32(0)), (output, 1), (errors, 2)] {
            switch stream {
            case .inherited: break
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, number)
            case .null: posix_spawn_file_actions_addopen(&actions, number, "/dev/null", number == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), empty = sigset_t()
        sigemptyset(&defaults)
        for signo in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE, SIGTTIN, SIGTTOU] { sigaddset(&defaults, signo) }
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        if ownGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let (argv, envp) = (cStrings(arguments), cStrings(environment.map { "\($0.key)=\($0.value)" }))
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        return spawned == 0 ? .success(pid) : .failure(Errno(code: spawned))
    }

    /// An `errno` value with its text.
    public struct Errno: Error, Sendable, Equatable {
        public var code: Int32
        public var text: String { String(cString: strerror(code)) }

        public init(code: Int32) { self.code = code }
    }

    /// A pipe whose ends are closed in any program margin starts (the child gets copies of
    /// its own ends only); nil when there is none. Both ends are close-on-exec from the start
    /// (`pipe2` with `O_CLOEXEC`), so a program another thread starts meanwhile never inherits
    /// them.
    public static func pipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard makePipe(&ends) == 0 else { return nil }
        return (ends[0], ends[1])
    }

    /// `pipe2(ends, O_CLOEXEC)`. Glibc's module leaves `pipe2` out (it is a GNU extension), so it
    /// is looked up in the C library; were it missing, `pipe` then `fcntl` stand in.
    private static func makePipe(_ ends: inout [Int32]) -> Int32 {
        if let pipe2 = GNU.pipe2 { return pipe2(&ends, O_CLOEXEC) }
        guard Glibc.pipe(&ends) == 0 else { return -1 }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return 0
    }
}
