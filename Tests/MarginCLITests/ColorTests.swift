import Foundation
import TestSupport
import Testing

@Suite("colour: on a terminal by default, never through a pipe unless asked, off with NO_COLOR")
struct ColorTests {
    static let escape = "\u{1B}["

    func sandboxWithNote() async throws -> Sandbox {
        let sandbox = try await Sandbox.start()
        try await ShortFlagDateTests.importing([ShortFlagDateTests.record("coloured", created: Date(), tags: ["hue"])], into: sandbox)
        return sandbox
    }

    @Test("through a pipe: plain by default, escapes with --color=always, plain again with --color never")
    func pipe() async throws {
        try await using(try await sandboxWithNote()) { sandbox in
            let plain = try await sandbox.margin("list")
            #expect(plain.status == 0)
            #expect(!plain.stdout.contains(Self.escape))
            let always = try await sandbox.margin("list", "--color=always")
            #expect(always.stdout.contains(Self.escape + "35m  #hue" + Self.escape + "0m"), "\(always.stdout)")
            #expect(always.stdout.contains(Self.escape + "33m"), "the id is painted")
            let stripped = always.stdout.replacingOccurrences(of: "\u{1B}\\[[0-9]*m", with: "", options: .regularExpression)
            #expect(stripped == plain.stdout, "colour changes no byte of the text")
            #expect(try await sandbox.margin("list", "--color", "never").stdout == plain.stdout)
            let bad = try await sandbox.margin("list", "--color", "alwyas")
            #expect(bad.status == 64)
            #expect(bad.stderr.hasPrefix("margin: ") && bad.stderr.contains("did you mean 'always'?"), "\(bad.stderr)")
        }
    }

    /// The terminal's environment is the test run's too (tmux passes its own on): NO_COLOR is
    /// set empty, which margin takes as unset, where the default is under test.
    @Test("on a terminal: painted by default, plain with --color=never or NO_COLOR")
    func terminal() async throws {
        try await using(try await sandboxWithNote()) { sandbox in
            for (arguments, env, painted) in [(["list"], ["NO_COLOR": ""], true), (["list", "--color=never"], [:], false),
                                              (["list"], ["NO_COLOR": "1"], false)] {
                let session = try await TmuxSession.start(arguments, environment: sandbox.environment(env), in: sandbox.root)
                defer { session.stop() }
                #expect(try await session.exitStatus() == 0)
                let screen = try await session.tmux(["capture-pane", "-p", "-e", "-t", "w"])
                #expect(screen.contains("coloured"), "\(screen)")
                #expect(screen.contains(Self.escape) == painted, "\(arguments) \(env): \(screen)")
            }
        }
    }

    /// One rule for every command: `always` and `never` are the user's word, over NO_COLOR and
    /// over what stdout is; `auto` colours a terminal unless NO_COLOR says not to.
    @Test("--color always paints over NO_COLOR and --color never leaves a terminal plain, for list and watch alike")
    func oneRule() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            try await ShortFlagDateTests.importing([ShortFlagDateTests.record("coloured", created: Date(), tags: ["hue"])], into: sandbox)
            let piped = try await sandbox.margin("list", "--color=always", env: ["NO_COLOR": "1"])
            #expect(piped.stdout.contains(Self.escape + "35m  #hue"), "through a pipe: \(piped.stdout)")
            let cases: [([String], [String: String], Bool)] = [
                (["list", "--color", "always"], ["NO_COLOR": "1"], true),
                (["watch", "--color", "always"], ["NO_COLOR": "1"], true), (["watch", "--color=never"], ["NO_COLOR": ""], false),
                (["watch"], ["NO_COLOR": "1"], false), (["watch"], ["NO_COLOR": ""], true),
            ]
            for (arguments, env, painted) in cases {
                let session = try await TmuxSession.start(arguments, environment: sandbox.environment(env), in: sandbox.root)
                defer { session.stop() }
                let shown = arguments[0] == "list" ? "coloured" : WatchInteractiveTests.episode
                try await session.waitForScreen { $0.contains(shown) }
                let screen = try await session.tmux(["capture-pane", "-p", "-e", "-t", "w"])
                #expect(screen.contains(Self.escape) == painted, "\(arguments) \(env): \(screen)")
                if arguments[0] == "watch" { try await session.press("q") }
                #expect(try await session.exitStatus() == 0)
            }
        }
    }
}
