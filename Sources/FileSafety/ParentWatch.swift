import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How a child process of margin's (the recognizer) ends when margin does, however margin
/// ends (SIGKILL included): a thread of its own looks at the parent's pid five times a second
/// and ends the process once the parent is no longer `parent` (the child was handed to another
/// process). The kernel's "parent died" signal would follow the thread that started the child,
/// not margin itself, and the threads of margin's concurrency pool come and go.
public enum ParentWatch {
    /// Ends this process (status 1) once `parent` is no longer its parent.
    public static func endWhenGone(_ parent: pid_t) {
        whenGone(parent) { _exit(1) }
    }

    /// Runs `end` (which should end the process) once `parent` is no longer this process's parent.
    public static func whenGone(_ parent: pid_t, _ end: @escaping @Sendable () -> Void) {
        guard getppid() == parent else { return end() }
        Thread.detachNewThread {
            while true {
                usleep(200_000)
                if getppid() != parent { end() }
            }
        }
    }
}
