extension ConfigKey {
    /// The table of config keys in docs/configuration.md, one row per key of ``all``: a test keeps that page
    /// equal to it, so the documentation cannot drift from the keys margin reads.
    public static var markdownTable: String {
        var rows = ["| key | type | default | environment | what it sets |", "|---|---|---|---|---|"]
        for key in all {
            let fallback = key.defaultValue.map { "`\($0)`" } ?? "—"
            let variable = key.variable.map { "`\($0)`" } ?? "—"
            rows.append("| `\(key.name)` | \(key.kind.typeName) | \(fallback) | \(variable) | \(key.help) |")
        }
        return rows.joined(separator: "\n") + "\n"
    }
}
