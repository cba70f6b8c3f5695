import Foundation

/// The contract's exit codes.
public enum ExitStatus: Int32, Sendable {
    case failure = 1
    case nothingPlaying = 3
    case notLoggedIn = 4
    case premiumRequired = 5
    case noDevice = 6
    case unreachable = 7
    case notFound = 8
    case usage = 64

    /// The code a failure ends margin with: its own for a ``MarginError``, 1 for anything else.
    public static func of(_ error: any Error) -> ExitStatus {
        (error as? any MarginError)?.exitStatus ?? .failure
    }
}

/// A failure margin explains in one line on stderr and ends with the contract's exit code.
///
/// Every error a command can throw conforms, in the file that declares it or, for the
/// libraries' errors, in `MarginError+Libraries.swift`; `MarginCommand.runMain` needs no list.
public protocol MarginError: LocalizedError {
    /// The exit code this failure ends margin with.
    var exitStatus: ExitStatus { get }
}

extension MarginError {
    public var exitStatus: ExitStatus { .failure }
}
