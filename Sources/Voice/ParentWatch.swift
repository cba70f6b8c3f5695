import Foundation

/// What runs a user's program for margin so that it ends with margin: margin's own executable
/// as `margin _guard --parent PID -- PROGRAM ARG…` (``ParentWatch`` in the middle).
public struct ChildGuard: Sendable {
    /// The hidden subcommand.
    public static let subcommand = "_guard"
    /// margin's executable.
    public var executable: String

    public init(executable: String) { self.executable = executable }

    /// The command line that runs `command` under the guard.
    func wrapping(_ command: [String]) -> (executable: String, arguments: [String]) {
        (executable, [Self.subcommand, "--parent", String(getpid()), "--"] + command)
    }
}
