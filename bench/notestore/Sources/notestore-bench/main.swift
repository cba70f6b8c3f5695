// Times NoteStore's import and export on generated notes; prints one line per run.
import Foundation
import NoteStore
import NoteTransfer

/// The largest resident set so far, in MB (a mapped import file counts while it is read).
func maxRSSMegabytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss / 1024
}

/// Runs `body` and returns its result and the seconds it took.
func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    let value = try body()
    return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}

/// `count` notes as JSON Lines: a third unpinned, a third on 5 000 episodes, a third on a track.
func generate(_ path: String, count: Int) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    let words = ["cache", "stampede", "naming", "things", "über", "日本語", "🎧", "the", "bit", "about", "latency"]
    var buffer = ""
    for index in 0..<count {
        let text = (0..<(8 + index % 23)).map { words[($0 * 7 + index) % words.count] }.joined(separator: " ")
        let episode = "512ojhOuo1ktJprKbV" + String(100_000 + index % 5000).suffix(4)
        let pin: Pin? = switch index % 3 {
        case 0: nil
        case 1: Pin(itemType: "episode", itemID: episode, itemURI: "spotify:episode:\(episode)",
                    itemName: "Ep. \(index % 5000) — Naming things", showID: "5CfCWKI5pZ28U0uOzXkDHe",
                    showName: "Craft, Code & Curiosity", progressMs: index * 7 % 3_600_000, durationMs: 3_723_000)
        default: Pin(itemType: "track", itemID: "4uLU6hMCjMI75M1A2tKUQC", itemURI: "spotify:track:4uLU6hMCjMI75M1A2tKUQC",
                     itemName: "Song", progressMs: index % 200_000, durationMs: 200_000)
        }
        let tags = Array(["idea", "todo", "caching", "quote"].prefix(index % 4))
        let note = Note(text: text, tags: tags, createdAt: Date(timeIntervalSince1970: 1_795_252_502.123 + Double(index) / 2), pin: pin)
        buffer += NoteEncoding.object(note) + "\n"
        if buffer.utf8.count > 1 << 20 {
            handle.write(Data(buffer.utf8))
            buffer = ""
        }
    }
    handle.write(Data(buffer.utf8))
    try handle.close()
}

/// Runs a query and encodes its notes as JSON 21 times; prints the best time (the first run
/// warms the cache) and how many notes and bytes it gave.
func timeQuery(_ label: String, _ query: () throws -> [Note]) throws {
    var best = Double.infinity
    var (bytes, count) = (0, 0)
    var ids: [String] = []
    for _ in 0..<21 {
        let (json, seconds) = try timed { () throws -> String in
            let notes = try query()
            count = notes.count
            ids = notes.prefix(20).map { String($0.id.prefix(8)) }
            return "[" + notes.map(NoteEncoding.object).joined(separator: ",") + "]"
        }
        bytes = json.utf8.count
        best = min(best, seconds)
    }
    print("\(label): \(String(format: "%.2f", best * 1000)) ms best of 21, \(count) notes, \(bytes) bytes")
    // The first ids, to compare two builds' answers.
    if ProcessInfo.processInfo.environment["BENCH_IDS"] != nil { print("  ids: " + ids.joined(separator: " ")) }
}

/// The filter of `list`'s options; a lone argument is an episode id.
func listFilter(_ options: [String]) -> NoteFilter? {
    if options.count == 1 { return NoteFilter(itemID: options[0]) }
    guard options.count % 2 == 0 else { return nil }
    var filter = NoteFilter()
    for index in stride(from: 0, to: options.count - 1, by: 2) {
        let value = options[index + 1]
        switch options[index] {
        case "--episode": filter.itemID = value
        case "--show": filter.showID = value
        case "--tag": filter.tag = value
        case "--since":
            guard let date = ISO8601DateFormatter().date(from: value) else { return nil }
            filter.since = date
        case "--limit": filter.limit = Int(value)
        default: return nil
        }
    }
    return filter
}

let arguments = CommandLine.arguments
switch (arguments.count, arguments.count > 1 ? arguments[1] : "") {
case (4, "generate"):
    try generate(arguments[2], count: Int(arguments[3]) ?? 1_000_000)
case (4, "import"):
    let store = try NoteDatabase(path: arguments[3])
    let (counts, seconds) = try timed { try store.importNotes(fromFile: arguments[2]) }
    let total = counts.added + counts.updated + counts.unchanged
    print("import \(counts.added) added, \(counts.updated) updated, \(counts.unchanged) unchanged in "
        + String(format: "%.2f s = %.0f notes/s, max RSS %d MB", seconds, Double(total) / seconds, maxRSSMegabytes()))
case (4, "export"), (5, "export"):
    let store = try NoteDatabase(path: arguments[2])
    guard let format = ExportFormat(rawValue: arguments[3]) else { fatalError("formats: json, jsonl, csv, markdown, readwise") }
    // Opened in place (O_TRUNC), never replaced: OUT is often /dev/null, which a create-and-rename
    // would turn into a regular file.
    let descriptor = arguments.count == 5 ? open(arguments[4], O_WRONLY | O_CREAT | O_TRUNC, 0o644) : -1
    let output = descriptor >= 0 ? FileHandle(fileDescriptor: descriptor, closeOnDealloc: true) : nil
    var (bytes, chunks) = (0, 0)
    let (_, seconds) = try timed {
        try store.export(NoteFilter(), format: format) { data in
            bytes += data.count
            chunks += 1
            output?.write(data)
        }
    }
    print("export \(format) \(bytes / 1_000_000) MB in \(chunks) chunks, "
        + String(format: "%.2f s, max RSS %d MB", seconds, maxRSSMegabytes()))
case (4, "search"):
    let store = try NoteDatabase(path: arguments[2])
    try timeQuery("search \(arguments[3]) --limit 20") { try store.search(arguments[3], limit: 20).map(\.note) }
case (3..., "list"):
    // list DB [--episode ID] [--show ID] [--tag TAG] [--since DATE] [--limit N], or list DB EPISODE.
    let store = try NoteDatabase(path: arguments[2])
    guard let filter = listFilter(Array(arguments.dropFirst(3))) else { fatalError("unknown list option") }
    try timeQuery("list " + arguments.dropFirst(3).joined(separator: " ")) { try store.notes(filter) }
default:
    print("usage: notestore-bench generate FILE COUNT | import FILE DB | export DB FORMAT [OUT] | "
        + "list DB [--episode ID] [--show ID] [--tag TAG] [--since ISO8601] [--limit N] | list DB EPISODE | search DB WORDS")
}
