import Foundation
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
        let sandbox = try await sandboxWithNote()
        defer { Task { await sandbox.stop() } }
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

    /// The terminal's environment is the test run's too (tmux passes its own on): NO_COLOR is
    /// set empty, which margin takes as unset, where the default is under test.
    @Test("on a terminal: painted by default, plain with --color=never or NO_COLOR")
    func terminal() async throws {
        let sandbox = try await sandboxWithNote()
        defer { Task { await sandbox.stop() } }
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
