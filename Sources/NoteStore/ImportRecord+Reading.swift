/// Reading a note object from JSON into an ``ImportRecord``.
extension ImportRecord {
    /// Why a record could not be read: broken JSON, or a field that breaks the contract.
    enum Failure: Error {
        case syntax(JSONSyntaxError)
        case invalid(field: String, reason: String)
    }

    /// The note object's keys by their index in ``NoteEncoding/keys``; nil for any other key.
    static func slot(of key: String) -> Int? {
        switch key {
        case "id": 0
        case "text": 1
        case "tags": 2
        case "created_at": 3
        case "updated_at": 4
        case "pinned": 5
        case "item_type": 6
        case "item_id": 7
        case "item_uri": 8
        case "item_name": 9
        case "show_id": 10
        case "show_name": 11
        case "progress_ms": 12
        case "duration_ms": 13
        case "position": 14
        case "link": 15
        default: nil
        }
    }

    /// Reads the object at the scanner's position and validates it.
    ///
    /// The whole object is read first, so broken JSON is reported as such even when a key
    /// before it was already wrong; then an unknown or repeated key, then the fields in the
    /// contract's order.
    static func read(_ scanner: inout JSONScanner) throws(Failure) -> ImportRecord {
        var fields = Fields()
        var problem: (field: String, reason: String)?
        do throws(JSONSyntaxError) {
            try scanner.object { (key, scanner) throws(JSONSyntaxError) in
                let value = try scanner.value(depth: 1)
                guard let slot = slot(of: key) else {
                    if problem == nil { problem = (key, "not a key of the note object (check its spelling)") }
                    return
                }
                if fields.values[slot] != nil, problem == nil { problem = (key, "appears twice") }
                fields.values[slot] = value
            }
        } catch {
            throw .syntax(error)
        }
        if let problem { throw .invalid(field: problem.field, reason: problem.reason) }
        do throws(FieldError) {
            return try fields.record()
        } catch {
            throw .invalid(field: error.field, reason: error.reason)
        }
    }
}
