import NoteStore
import NoteTransfer

/// `--json` for lists of notes: an array of the contract's note objects.
public enum NoteList {
    public static func json(_ notes: [Note]) -> String {
        "[" + notes.map(NoteEncoding.object).joined(separator: ",") + "]"
    }
}
