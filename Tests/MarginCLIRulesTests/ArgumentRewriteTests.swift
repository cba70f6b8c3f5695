import ArgumentParser
@testable import MarginCLI
import Testing

/// The words typed, rewritten for the parser with margin's own commands.
@Suite("rewriting the words typed before they are parsed")
struct ArgumentRewriteTests {
    private func rewrite(_ line: String) throws -> [String] {
        try ArgumentRewrite.rewrite(line.split(separator: " ").map(String.init))
    }

    private func words(_ line: String) -> [String] { line.split(separator: " ").map(String.init) }

    @Test("reads margin's commands: which short options take a value, and where -word is the command's own")
    func shapes() throws {
        let list = CommandShape.of(MarginCommand.List.self)
        #expect(list.options["-n"] == true && list.options["-t"] == true && list.options["-e"] == false && list.options["-j"] == false)
        #expect(list.options["--db"] == true && list.options["--no-pager"] == false && list.options["-v"] == false)
        #expect(CommandShape.of(MarginCommand.Export.self).options["-e"] == true)
        #expect(CommandShape.of(MarginCommand.Search.self).takesDashedWords == true)
        #expect(CommandShape.of(MarginCommand.Config.self).subcommand(named: "get")?.options["--show-origin"] == false)
        // Every command's, for options typed before a word that is no command.
        #expect(CommandShape.margin.subcommand(named: "list")?.options["-n"] == true)
        #expect(CommandShape.margin.optionsBelow["-e"] == [true, false])
    }

    @Test("a short option's value after its letter is split off", arguments: [
        ("list -n1", "list -n=1"), ("list -n1 -tidea -j", "list -n=1 -t=idea -j"), ("list -jn5", "list -j -n=5"),
        ("note some text -tidea", "note some text -t=idea"), ("export -ofile.json -tx", "export -o=file.json -t=x"),
        ("pause -dKitchen", "pause -d=Kitchen"), ("export -espotify:episode:X", "export -e=spotify:episode:X"),
        ("list -n-5", "list -n=-5"), ("search cache -n5", "search cache -n=5"), ("episodes -n10", "episodes -n=10"),
    ])
    func attached(typed: String, parsed: String) throws {
        #expect(try rewrite(typed) == words(parsed))
    }

    @Test("flags, negative numbers, values given apart, words after --, -word and unknown letters stay as typed", arguments: [
        "list -j", "list -jv", "list -e", "list -n 1", "list -n=1", "list --limit=1", "list -t -n1", "list --tag -n1",
        "note -- -n1", "list -- -n1", "seek -30s", "note -5", "search cache -nginx", "search cache -java", "search cache -ninfinity", "search cache -nnan", "tag 1a2b -todo",
        "config set note.lead -5", "now -x1", "list -jx5", "config get client-id", "help list", "--help", "-h", "--version",
        "---completion list -- --tag", "-v", "",
    ])
    func unchanged(typed: String) throws {
        #expect(try rewrite(typed) == words(typed))
    }

    @Test("options before the command go after it, where it takes them", arguments: [
        ("-v now", "now -v"), ("--json now", "now --json"), ("--verbose -j now", "now --verbose -j"), ("-vj now", "now -v -j"),
        ("--db x.sqlite list -n1", "list --db x.sqlite -n=1"), ("--db=x.sqlite list", "list --db=x.sqlite"),
        ("-n1 list", "list -n=1"), ("-n 3 --no-pager list -tx", "list -n 3 --no-pager -t=x"), ("-e list", "list -e"),
        ("-e spotify:episode:X export", "export -e spotify:episode:X"), ("--show-origin config get", "config get --show-origin"),
        ("--tag now note hello", "note --tag now hello"), ("-vt idea note hello", "note -v -t idea hello"),
        ("-vtidea note", "note -v -t=idea"),
    ])
    func leading(typed: String, parsed: String) throws {
        #expect(try rewrite(typed) == words(parsed))
    }

    @Test("an option the command does not take is refused naming the command")
    func refusal() throws {
        for (typed, message) in [
            ("--db x.sqlite now", "'margin now' does not take --db; see 'margin now --help'"),
            ("-v config get client-id", "'margin config get' does not take -v; see 'margin config get --help'"),
            ("--json edit 1a2b", "'margin edit' does not take --json; see 'margin edit --help'"),
            ("--nosuch now", "'margin now' does not take --nosuch; see 'margin now --help'"),
            ("-vx now", "'margin now' does not take -x; see 'margin now --help'"),
        ] {
            let error = try #require(throws: ValidationError.self) { try rewrite(typed) }
            #expect(error.message == message)
        }
    }

    @Test("after options, a word that is no command comes first, for the parser's did-you-mean")
    func unknownCommand() throws {
        #expect(try rewrite("-v nwo") == words("nwo -v"))
        #expect(try rewrite("--db x.sqlite nwo") == words("nwo --db x.sqlite"))
        #expect(try rewrite("-v help now") == words("-v help now"))
        #expect(try rewrite("-v --help now") == words("-v --help now"))
        #expect(try rewrite("-v") == words("-v"))
    }

    @Test("margin's own options come first as typed, and no command's shape is read for them")
    func rootOptionsReadNoShape() {
        func unread() -> CommandShape {
            Issue.record("the shapes of margin's commands were read")
            return CommandShape(name: "margin")
        }
        for line in ["--version", "--help", "-h", "--generate-completion-script bash", "--help list"] {
            #expect(ArgumentRewrite.withoutCommand(words(line), root: unread()) == words(line))
        }
    }
}
