import Foundation
import NoteStore

/// The contract's note object, with its keys in the contract's order.
enum NoteJSON {
    static func object(_ note: Note) -> String {
        let pin = note.pin
        var out = "{"
        func key(_ name: String, _ value: String, last: Bool = false) {
            out += "\"\(name)\":\(value)" + (last ? "" : ",")
        }
        key("id", string(note.id))
        key("text", string(note.text))
        key("tags", "[" + note.tags.map(string).joined(separator: ",") + "]")
        key("created_at", string(Timestamp.string(note.createdAt)))
        key("updated_at", string(Timestamp.string(note.updatedAt)))
        key("pinned", note.pinned ? "true" : "false")
        key("item_type", optional(pin?.itemType))
        key("item_id", optional(pin?.itemID))
        key("item_uri", optional(pin?.itemURI))
        key("item_name", optional(pin?.itemName))
        key("show_id", optional(pin?.showID))
        key("show_name", optional(pin?.showName))
        key("progress_ms", pin.map { String($0.progressMs) } ?? "null")
        key("duration_ms", pin?.durationMs.map(String.init) ?? "null")
        key("position", optional(note.position))
        key("link", optional(note.link), last: true)
        return out + "}"
    }

    static func array(_ notes: [Note]) -> String {
        "[" + notes.map(object).joined(separator: ",") + "]"
    }

    static func optional(_ value: String?) -> String {
        value.map(string) ?? "null"
    }

    /// A JSON string: quotes, backslashes and control characters escaped, everything else as UTF-8.
    static func string(_ value: String) -> String {
        var out = "\""
        out.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
