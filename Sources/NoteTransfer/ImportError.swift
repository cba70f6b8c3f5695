import Foundation
import NoteStore

/// Why an import wrote nothing. An import is one transaction, rolled back at the first bad
/// record or failed write, so each of these leaves the store as it was.
public enum ImportError: Error, Equatable, LocalizedError {
    /// The input is neither a JSON array of note objects nor JSON Lines, or it could not be
    /// read. `line` (1-based) is where the problem is, when known: for JSON Lines the line,
    /// for a JSON array the line of the text the problem is on.
    case notJSON(line: Int?, detail: String)
    /// A record is JSON but not a valid note object.
    ///
    /// `location` is `"line 3"` in JSON Lines (1-based physical lines, blank lines counted)
    /// or `"record 2"` in a JSON array (1-based: the first element is record 1). `field` is
    /// the contract key at fault (or the unknown key), `reason` what was expected.
    case invalidRecord(location: String, field: String, reason: String)
    /// The store could not be read or written; the transaction was rolled back.
    case store(NoteStoreError)

    public var errorDescription: String? {
        switch self {
        case .notJSON(let line, let detail):
            let place = line.map { " (line \($0))" } ?? ""
            return "cannot import\(place): \(detail); nothing was imported. margin imports the JSON array or JSON Lines that 'margin export' writes"
        case .invalidRecord(let location, let field, let reason):
            return "cannot import \(location), field '\(field)': \(reason); nothing was imported"
        case .store(let error):
            return error.errorDescription
        }
    }
}
