import Foundation
import NoteStore

/// UTC times with milliseconds, as the contract writes them.
public enum Timestamp {
    public static func string(_ date: Date) -> String {
        NoteTimestamp.string(from: date)
    }
}
