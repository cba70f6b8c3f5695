/// A statement with its values bound, written as an interpolated string: each interpolated value
/// becomes a parameter (`$1::int8`, `$2::text`, `$3::text[]`…) sent apart from the SQL, so no
/// value is ever spliced into it; `\(unescaped:)` splices SQL the code itself wrote.
struct HubQuery: ExpressibleByStringInterpolation {
    var sql: String
    var binds: [String?]

    init(unsafeSQL: String) {
        sql = unsafeSQL
        binds = []
    }

    init(stringLiteral value: String) {
        self.init(unsafeSQL: value)
    }

    init(stringInterpolation: StringInterpolation) {
        sql = stringInterpolation.sql
        binds = stringInterpolation.binds
    }

    struct StringInterpolation: StringInterpolationProtocol {
        var sql = ""
        var binds: [String?] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            sql.reserveCapacity(literalCapacity + 12 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: String) {
            sql += literal
        }

        mutating func appendInterpolation(_ value: Int64) {
            bind(String(value), as: "int8")
        }

        mutating func appendInterpolation(_ value: Int) {
            bind(String(value), as: "int8")
        }

        mutating func appendInterpolation(_ value: String) {
            bind(value, as: "text")
        }

        mutating func appendInterpolation(_ values: [String]) {
            bind(Self.arrayLiteral(values.map(Self.quoted)), as: "text[]")
        }

        mutating func appendInterpolation(_ values: [Bool]) {
            bind(Self.arrayLiteral(values.map { $0 ? "t" : "f" }), as: "boolean[]")
        }

        mutating func appendInterpolation(unescaped sql: String) {
            self.sql += sql
        }

        private mutating func bind(_ value: String, as type: String) {
            binds.append(value)
            sql += "$\(binds.count)::\(type)"
        }

        /// PostgreSQL's array input syntax: `{a,b}`.
        private static func arrayLiteral(_ elements: [String]) -> String {
            "{" + elements.joined(separator: ",") + "}"
        }

        /// An array element in double quotes, its quotes and backslashes escaped.
        private static func quoted(_ element: String) -> String {
            var quoted = "\""
            quoted.reserveCapacity(element.utf8.count + 2)
            for character in element.unicodeScalars {
                if character == "\"" || character == "\\" { quoted.unicodeScalars.append("\\") }
                quoted.unicodeScalars.append(character)
            }
            return quoted + "\""
        }
    }
}
