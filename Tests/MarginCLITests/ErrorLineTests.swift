import Foundation
import TestSupport
import Testing

@Suite("one error prefix and one rule for exit codes, across commands")
struct ErrorLineTests {
    @Test("every bad invocation's first stderr line starts with 'margin: ', with the contract's code")
    func prefixTable() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let table: [([String], Int32)] = [
                (["frobnicate"], 64),
                (["list", "--limit", "zero"], 64),
                (["list", "--bogus"], 64),
                (["list", "--since", "someday"], 64),
                (["list", "-n", "0"], 64),
                (["export", "--format", "md"], 64),
                (["export", "--dir", sandbox.root + "/vault"], 64),
                (["show"], 64),
                (["show", "0123abcd"], 8),
                (["delete", "0123abcd", "--yes"], 8),
                (["pin", "0123abcd"], 64),
                (["seek"], 64),
                (["config", "set", "no-such-key", "x"], 64),
                (["config", "set", "note.lead", "soon"], 64),
                (["import", sandbox.root + "/missing.jsonl"], 1),
                (["whoami"], 4),
            ]
            for (arguments, code) in table {
                let result = try await sandbox.run(arguments)
                let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
                #expect(result.status == code, "margin \(arguments.joined(separator: " ")): \(result.stderr)")
                #expect(first.hasPrefix("margin: "), "margin \(arguments.joined(separator: " ")) said: \(result.stderr)")
                #expect(!result.stderr.contains("Error:"), "margin \(arguments.joined(separator: " ")) said: \(result.stderr)")
            }
        }
    }

    @Test("an enum value that is near one is answered with did you mean")
    func didYouMean() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let md = try await sandbox.margin("export", "--format", "md")
            #expect(md.status == 64)
            #expect(md.stderr.contains("did you mean 'markdown'?"), "\(md.stderr)")
            let typo = try await sandbox.margin("export", "--format", "jsnol")
            #expect(typo.stderr.contains("did you mean 'jsonl'?"), "\(typo.stderr)")
            let far = try await sandbox.margin("export", "--format", "pdf")
            #expect(!far.stderr.contains("did you mean"), "\(far.stderr)")
            #expect(far.stderr.contains("'markdown'"), "the choices are listed: \(far.stderr)")
            let type = try await sandbox.margin("find", "lex", "--type", "shwo")
            #expect(type.status == 64)
            #expect(type.stderr.contains("did you mean 'show'?"), "\(type.stderr)")
            let flag = try await sandbox.margin("config", "set", "sync.auto", "ture")
            #expect(flag.status == 64)
            #expect(flag.stderr.hasPrefix("margin: ") && flag.stderr.contains("did you mean 'true'?"), "\(flag.stderr)")
            let key = try await sandbox.margin("config", "set", "note.laed", "5")
            #expect(key.status == 64)
            #expect(key.stderr.contains("did you mean 'note.lead'?"), "\(key.stderr)")
        }
    }

    @Test("an ambiguous note id prefix is a usage error, 64, as an ambiguous name is")
    func ambiguousPrefix() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let now = Date()
            let first = ShortFlagDateTests.record("one", created: now).replacingOccurrences(
                of: #""id":"[^"]*""#, with: #""id":"abcd0000-0000-4000-8000-000000000001""#, options: .regularExpression)
            let second = ShortFlagDateTests.record("two", created: now).replacingOccurrences(
                of: #""id":"[^"]*""#, with: #""id":"abcd0000-0000-4000-8000-000000000002""#, options: .regularExpression)
            try await ShortFlagDateTests.importing([first, second], into: sandbox)
            for command in ["show", "delete", "edit"] {
                let result = try await sandbox.margin(command, "abcd")
                #expect(result.status == 64, "\(command): \(result.stderr)")
                #expect(result.stderr.hasPrefix("margin: note id prefix 'abcd' matches several notes"), "\(result.stderr)")
            }
        }
    }

    @Test("delete reading from a pipe asks for --yes in one line, with no usage line of another command")
    func deleteFromPipe() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            try await ShortFlagDateTests.importing([ShortFlagDateTests.record("keep me", created: Date())], into: sandbox)
            let id = try #require(try await sandbox.notes("list", "--json").first?["id"] as? String)
            let result = try await sandbox.margin("delete", id, stdin: "y\n")
            #expect(result.status == 64)
            #expect(result.stderr == "margin: not deleting without confirmation; add --yes: margin delete \(id) --yes\n")
            #expect(try await sandbox.notes("list", "--json").count == 1)
        }
    }
}
