import NoteStore

/// Reading a note object's `segments`: where in a voice note's recording each stretch of its
/// transcript was said. Another machine's (or anyone's) writing: read as strictly as the
/// contract's keys, then held to ``NoteSegment/problem(_:)``'s bounds before the store sees them.
extension ImportRecord {
    /// The key JSON adds after `voice` for a note with segments.
    static let segmentsKey = "segments"

    /// Reads the value of `segments`: an array of `{"start_ms": N, "end_ms": N, "text": S}`, or
    /// null. Broken JSON throws; JSON that is not segments is a problem, in the import's words.
    static func segments(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> (segments: [NoteSegment], problem: String?) {
        scanner.skipWhitespace()
        guard scanner.peek == UInt8(ascii: "[") else {
            let value = try scanner.value(depth: 1)
            if case .null = value { return ([], nil) }
            return ([], "expected an array of segments or null, found \(value.kind)")
        }
        var segments: [NoteSegment] = []
        var problem: String?
        try scanner.array { (scanner) throws(JSONSyntaxError) in
            let (segment, wrong) = try Self.segment(&scanner, number: segments.count + 1)
            if problem == nil { problem = wrong }
            if let segment { segments.append(segment) }
        }
        if problem == nil { problem = NoteSegment.problem(segments) }
        return (segments, problem)
    }

    /// One element of `segments`, or what is wrong with it.
    private static func segment(_ scanner: inout JSONScanner, number: Int) throws(JSONSyntaxError) -> (NoteSegment?, String?) {
        let name = "segment \(number)"
        scanner.skipWhitespace()
        guard scanner.peek == UInt8(ascii: "{") else {
            return (nil, "\(name): expected an object, found \(try scanner.value(depth: 2).kind)")
        }
        var (start, end, text): (Int?, Int?, String?) = (nil, nil, nil)
        var problem: String?
        try scanner.object { (key, scanner) throws(JSONSyntaxError) in
            let value = try scanner.value(depth: 3)
            func note(_ reason: String) { if problem == nil { problem = "\(name): \(key) \(reason)" } }
            switch (key, value) {
            case ("start_ms", .integer(let ms)) where start == nil: start = ms
            case ("end_ms", .integer(let ms)) where end == nil: end = ms
            case ("text", .string(let string)) where text == nil: text = string
            case ("start_ms", _) where start != nil, ("end_ms", _) where end != nil, ("text", _) where text != nil:
                note("appears twice")
            case ("start_ms", _), ("end_ms", _): note("expected a whole number of milliseconds, found \(value.kind)")
            case ("text", _): note("expected a string, found \(value.kind)")
            default: if problem == nil { problem = "\(name): '\(key)' is not a key of a segment (start_ms, end_ms, text)" }
            }
        }
        if let problem { return (nil, problem) }
        guard let start, let end, let text else {
            let missing = [start == nil ? "start_ms" : nil, end == nil ? "end_ms" : nil, text == nil ? "text" : nil].compactMap { $0 }
            return (nil, "\(name): \(missing.joined(separator: ", ")) missing")
        }
        return (NoteSegment(startMs: start, endMs: end, text: text), nil)
    }
}
