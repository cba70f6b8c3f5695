import Foundation
import MarginViews

/// What a sound player said on stderr when it failed, cut to one printable line for margin's
/// own message: paplay's "Connection failure: Connection refused" rather than its raw output.
enum PlayerComplaint {
    /// The last line the player wrote, sanitized and bounded, with its exit status.
    static func reason(_ stderr: Data, status: Int32) -> String {
        let text = String(decoding: stderr.prefix(8_192), as: UTF8.self)
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard let last = lines.last else { return "exit status \(status)" }
        let line = Terminal.sanitize(String(last.prefix(200)))
        return "\(line); exit status \(status)"
    }
}
