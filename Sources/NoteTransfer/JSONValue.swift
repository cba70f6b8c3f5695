import NoteStore
/// A JSON value as the importer needs it: scalars kept, containers only as far as the note
/// object's shape goes (arrays for `tags`; nested objects are parsed and dropped).
enum JSONValue {
    case string(String)
    /// A number without fraction or exponent that fits in `Int`.
    case integer(Int)
    /// Any other number.
    case number
    case bool(Bool)
    case null
    case array([JSONValue])
    case object

    /// What the value is, for messages: "a string", "null", …
    var kind: String {
        switch self {
        case .string: "a string"
        case .integer(let value): value < 0 ? "a negative number" : "a number"
        case .number: "a number that is not a whole number"
        case .bool: "a boolean"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// Where and why the input stopped being JSON.
struct JSONSyntaxError: Error {
    /// The byte offset of the problem in the scanned buffer.
    var offset: Int
    /// What was expected or found, e.g. "expected ',' or '}' after a value".
    var detail: String
}
