import Foundation
import Testing

@Suite("completions and help")
struct CompletionTests {
    static let commands = ["login", "logout", "whoami", "config", "note", "list", "show", "edit", "delete", "tag", "pin",
                           "search", "jump", "export", "import", "now", "devices", "pause", "resume", "seek", "back", "forward", "watch"]

    @Test("completion scripts for bash, zsh and fish know every command", arguments: ["bash", "zsh", "fish"])
    func completions(shell: String) async throws {
        let result = try await MarginProcess.run(["--generate-completion-script", shell], environment: [:])
        #expect(result.status == 0)
        for command in Self.commands { #expect(result.stdout.contains(command), "\(shell) lacks \(command)") }
        #expect(result.stdout.contains("format"))
    }

    @Test("the command definitions the man page is generated from cover every command")
    func manualSource() async throws {
        let result = try await MarginProcess.run(["--experimental-dump-help"], environment: [:])
        let info = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let command = try #require(info["command"] as? [String: Any])
        let names = (command["subcommands"] as? [[String: Any]] ?? []).compactMap { $0["commandName"] as? String }
        #expect(Set(Self.commands).isSubset(of: Set(names)))
    }
}
