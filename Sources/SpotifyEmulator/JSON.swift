/// A JSON value whose objects keep their keys in the order written.
///
/// Responses are built from this rather than from `Codable` structs because the emulator
/// must control exactly which keys are present, which are `null` and which are left out,
/// the way Spotify does (e.g. `item: null` versus a missing `product`).
enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSON])
    case object([Member])

    /// One key and its value inside an object.
    struct Member: Sendable, Equatable {
        var key: String
        var value: JSON
    }

    /// A string, or `null` when absent.
    static func string(_ value: String?) -> JSON {
        value.map { .string($0) } ?? .null
    }

    /// The object's value for `key`, if this is an object holding it.
    subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// Adds or replaces `key` when this is an object; does nothing otherwise.
    mutating func set(_ key: String, _ value: JSON) {
        guard case .object(var members) = self else { return }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(Member(key: key, value: value))
        }
        self = .object(members)
    }
}

extension JSON: ExpressibleByDictionaryLiteral {
    init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(elements.map { Member(key: $0.0, value: $0.1) })
    }
}

extension JSON: ExpressibleByArrayLiteral {
    init(arrayLiteral elements: JSON...) {
        self = .array(elements)
    }
}

extension JSON: ExpressibleByStringLiteral {
    init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension JSON: ExpressibleByIntegerLiteral {
    init(integerLiteral value: Int) {
        self = .int(value)
    }
}

extension JSON: ExpressibleByBooleanLiteral {
    init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension JSON: ExpressibleByNilLiteral {
    init(nilLiteral: ()) {
        self = .null
    }
}
