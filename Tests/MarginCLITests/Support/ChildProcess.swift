import Foundation
import Synchronization
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A program the tests start as a shell would start it: no signal blocked and none ignored
/// (a thread of the cooperative pool blocks nearly all, and a spawned program inherits its
/// spawner's mask), only descriptors 0, 1 and 2 (not another test's pipes), and a group of its
/// own, so that a signal sent to a test's group reaches that test alone.
///
/// Each child has a thread of its own blocked in `waitpid` for it alone. Foundation's `Process`
/// sees every child's end on one shared thread, through a socket the child inherits: a child
/// that closes that socket early (pulseaudio and tmux close every descriptor they did not
/// open) holds that thread in `waitpid` until it ends, and every other child's end goes unseen
/// meanwhile.
final class ChildProcess: Sendable {
    /// How a program ended.
    struct Exit: Sendable, Equatable {
        var status: Int32
        /// The signal that killed it; `status` is then that signal's number.
        var signal: Int32?
    }

    let pid: pid_t
    private let state = Mutex<(exit: Exit?, waiting: [CheckedContinuation<Exit, Never>])>((nil, []))
    private let ended = NSCondition()

    /// Starts `executable arguments` with exactly `environment`; `stdin`, `stdout` and
    /// `stderr` are descriptors of this process that become the child's 0, 1 and 2 (nil: the
    /// descriptor is closed in the child).
    init(_ executable: String, _ arguments: [String], environment: [String: String],
         stdin: Int32?, stdout: Int32?, stderr: Int32?) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (source, target) in [(stdin, STDIN_FILENO), (stdout, STDOUT_FILENO), (stderr, STDERR_FILENO)] {
            if let source {
                posix_spawn_file_actions_adddup2(&actions, source, target)
            } else {
                posix_spawn_file_actions_addclose(&actions, target)
            }
        }
        guard let closeFrom = Self.addCloseFrom, closeFrom(&actions, 3) == 0 else { throw SpawnFailed(executable: executable, code: ENOSYS) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid = pid_t()
        let code = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard code == 0 else { throw SpawnFailed(executable: executable, code: code) }
        self.pid = pid
        Thread.detachNewThread { [self] in
            var status: Int32 = 0
            while waitpid(self.pid, &status, 0) == -1 && errno == EINTR {}
            // WIFSIGNALED and WTERMSIG are macros Swift does not import.
            let signal = status & 0x7F
            let exit = signal == 0 ? Exit(status: (status >> 8) & 0xFF) : Exit(status: signal, signal: signal)
            let waiting = state.withLock { state in
                state.exit = exit
                defer { state.waiting = [] }
                return state.waiting
            }
            ended.lock()
            ended.broadcast()
            ended.unlock()
            waiting.forEach { $0.resume(returning: exit) }
        }
    }

    /// Starts `executable arguments` with `input`, `output` and `errors` as its 0, 1 and 2;
    /// /dev/null for each one not given.
    convenience init(_ executable: String, _ arguments: [String], environment: [String: String],
                     input: FileHandle? = nil, output: FileHandle? = nil, errors: FileHandle? = nil) throws {
        guard let null = FileHandle(forUpdatingAtPath: "/dev/null") else { throw SpawnFailed(executable: "/dev/null", code: ENOENT) }
        defer { try? null.close() }
        try self.init(executable, arguments, environment: environment, stdin: (input ?? null).fileDescriptor,
                      stdout: (output ?? null).fileDescriptor, stderr: (errors ?? null).fileDescriptor)
    }

    var isRunning: Bool { state.withLock { $0.exit == nil } }

    /// The child's end, once it comes.
    func exit() async -> Exit {
        await withCheckedContinuation { continuation in
            let exit = state.withLock { state in
                if state.exit == nil { state.waiting.append(continuation) }
                return state.exit
            }
            if let exit { continuation.resume(returning: exit) }
        }
    }

    /// The child's end, or nil when it has not come within `timeout`.
    func exit(within timeout: Duration) async -> Exit? {
        let exit = await within(timeout) { await self.exit() }
        if exit == nil { kill(pid, SIGKILL) }
        return exit
    }

    /// Blocks this thread until the child ends: for the short tools synchronous code runs.
    func waitUntilExit() -> Exit {
        ended.lock()
        defer { ended.unlock() }
        while true {
            if let exit = state.withLock({ $0.exit }) { return exit }
            ended.wait()
        }
    }

    func send(_ signal: Int32) { kill(pid, signal) }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's
    /// Glibc module does not declare.
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let addCloseFrom: CloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
        unsafeBitCast($0, to: CloseFrom.self)
    }
}

struct SpawnFailed: Error, CustomStringConvertible {
    var description: String

    init(executable: String, code: Int32) {
        description = "could not start \(executable): \(String(cString: strerror(code)))"
    }

    init(_ description: String) { self.description = description }
}

/// A pipe whose ends no child inherits unless handed over as its 0, 1 or 2.
struct ChildPipe {
    let read: FileHandle
    let write: FileHandle

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SpawnFailed(executable: "pipe", code: errno) }
        // Another test may spawn between pipe and fcntl: ChildProcess closes every descriptor
        // but 0, 1 and 2 in the child anyway, and this keeps Foundation's children off them.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        read = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
        write = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    }
}
