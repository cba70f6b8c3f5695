/// A count with its noun in the right number: "1 conflict", "2 conflicts", "0 notes".
public enum Plural {
    /// `count` and `singular`, or `plural` (by default `singular` + "s") for any count but 1.
    public static func of(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }
}
