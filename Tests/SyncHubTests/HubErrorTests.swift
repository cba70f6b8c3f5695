import Testing
@testable import SyncHub

/// What a sync says when the hub fails: one line, whatever the server or a library wrote.
@Suite("the hub's errors")
struct HubErrorTests {
    @Test("a detail with line breaks, tabs and a terminal's escapes is said on one line, without them")
    func oneLine() throws {
        let errors: [HubError] = [
            .unreachable(hub: "alice@h:5432/notes", detail: "connection reset\nby peer\r\n"),
            .server(hub: "alice@h:5432/notes", detail: "refused\u{1B}[2J\u{9B}31m\u{7F}, SQLSTATE XX000"),
            .authentication(hub: "alice@h:5432/notes", detail: "password\tauthentication failed"),
        ]
        for error in errors {
            let message = try #require(error.errorDescription)
            #expect(!message.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(message.debugDescription)")
            #expect(message.hasSuffix("again") || message.contains("~/.pgpass") || message.contains("log"), "\(message)")
        }
        #expect(HubError.unreachable(hub: "h", detail: "a\nb").errorDescription?.contains("(a b)") == true)
    }
}
