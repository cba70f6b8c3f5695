import Foundation
import Testing

/// The README and docs/ show commands a reader copies: each page's shell blocks run here, in
/// order, against the emulator, so that an example that stops working fails the suite instead
/// of the reader. A block that cannot run here by its nature carries a check-only mark, and its
/// `margin` command lines are still checked against the binary's `--help`.
@Suite("the shell blocks of the README and docs")
struct DocShellBlockTests {
    /// The port the README's *Try it without Spotify* names; the test serves the emulator on a
    /// free one instead, so that two runs on one machine never meet.
    static let readmePort = "8900"

    /// One catalog for every page, so that each `--help` runs once.
    static let catalog = HelpCatalog()

    @Test("every runnable shell block of a page exits 0, run in order in one shell against the emulator",
          arguments: DocPage.all)
    func blocksRun(page: DocPage) async throws {
        let runnable = try page.blocks().filter { $0.isShell && $0.checkOnly == nil }
        guard !runnable.isEmpty else { return }
        let sandbox = try await Sandbox.start()
        let failure: DocPageRun.Failure?
        do {
            failure = try await Self.run(runnable, of: page, in: sandbox)
        } catch {
            await sandbox.stop()
            throw error
        }
        // Stopped here rather than in a deferred task, which the test process may end before.
        await sandbox.stop()
        #expect(failure == nil, "\(failure?.description ?? "")")
    }

    /// Runs a page's blocks in `sandbox`: the README's from a checkout, the others logged in.
    static func run(_ runnable: [DocBlock], of page: DocPage, in sandbox: Sandbox) async throws -> DocPageRun.Failure? {
        let products = MarginProcess.productsDirectory.path
        var environment = sandbox.environment([
            "PATH": products + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
        ])
        var blocks = runnable
        var home: String?
        if page.path == "README.md" {
            // The README starts the emulator itself, from a checkout: `make emulator` (which must
            // not build here: the suite runs on the products already built) and its own exports.
            try makeCheckout(at: sandbox.root, products: products)
            // The trial keeps to its own folders: the reader's HOME, a folder apart here, stays empty.
            home = sandbox.root + "/home"
            try FileManager.default.createDirectory(atPath: sandbox.root + "/home", withIntermediateDirectories: true)
            environment["HOME"] = home
            let port = String(PostgresServer.freePort())
            for key in ["MARGIN_ACCOUNTS_URL", "MARGIN_API_URL", "MARGIN_CLIENT_ID", "SSL_CERT_FILE"] {
                environment[key] = nil
            }
            environment["SWIFT"] = "true"
            environment["EMULATOR_PORT"] = port
            blocks = blocks.map { block in
                var block = block
                block.text = block.text.replacingOccurrences(of: readmePort, with: port)
                return block
            }
        } else {
            // The other pages start where the README leaves a reader: logged in, with a note.
            try #require(try await sandbox.login().status == 0)
            try #require(try await sandbox.margin("note", "the bit about cache stampedes", "--tag", "caching").status == 0)
        }
        let failure = try await DocPageRun.run(blocks, in: sandbox.root, environment: environment)
        if failure == nil, let home, let written = FileManager.default.enumerator(atPath: home)?.allObjects as? [String],
           !written.isEmpty {
            return DocPageRun.Failure(block: blocks[blocks.count - 1], status: 0,
                                      stderr: "the blocks wrote into HOME, outside the trial's folders: \(written.sorted().joined(separator: ", "))")
        }
        return failure
    }

    @Test("every margin command line of a page names a real subcommand and real flags", arguments: DocPage.all)
    func commandLinesAreReal(page: DocPage) async throws {
        let catalog = Self.catalog
        var checked = 0
        for block in try page.blocks() where block.isShell || block.language == "text" {
            let script = block.isShell ? block.text : ShellWords.promptLines(in: block.text)
            for invocation in ShellWords.invocations(in: script) {
                checked += 1
                for problem in try await catalog.problems(program: invocation.program, words: invocation.words) {
                    Issue.record("\(block.location): \(problem)")
                }
            }
        }
        if page.path == "README.md" { #expect(checked >= 20, "the README's command lines were not found") }
    }

    @Test("shell blocks are fenced as sh, and each check-only mark sits on the line before one")
    func convention() throws {
        var runnable = 0, checkOnly = 0
        for page in DocPage.all {
            let blocks = try page.blocks()
            for block in blocks where DocPage.otherShellWords.contains(block.language) {
                Issue.record("\(block.location): shell blocks are fenced as sh, not \(block.language)")
            }
            let marked = Set(blocks.filter { $0.isShell && $0.checkOnly != nil }.map { $0.line - 1 })
            for line in try page.markLines() where !marked.contains(line) {
                Issue.record("\(page.path):\(line): a check-only mark must be the line right before a sh fence")
            }
            runnable += blocks.filter { $0.isShell && $0.checkOnly == nil }.count
            checkOnly += blocks.filter { $0.isShell && $0.checkOnly != nil }.count
        }
        // Most blocks run: check-only is for what cannot run here by its nature.
        #expect(runnable > checkOnly, "\(runnable) blocks run, \(checkOnly) are check-only")
    }

    @Test("make emulator on a port its emulator already holds says so in one line, with that emulator's PID and a free port")
    func emulatorAgain() async throws {
        let sandbox = try await Sandbox.start()
        try Self.makeCheckout(at: sandbox.root, products: MarginProcess.productsDirectory.path)
        let port = PostgresServer.freePort()
        let first = try await Self.makeEmulator(in: sandbox, port: port)
        let pid = Self.stopPID(in: first.stdout)
        do {
            #expect(first.status == 0, "\(first.output)")
            let running = try #require(pid, "no kill command in: \(first.stdout)")
            let second = try await Self.makeEmulator(in: sandbox, port: port)
            #expect(second.status != 0)
            let said = second.stderr.split(separator: "\n").filter { $0.hasPrefix("margin: ") }
            #expect(said.count == 1, "\(second.stderr)")
            let free = Self.freePort(in: said.first.map(String.init) ?? "", after: "margin: port \(port) on 127.0.0.1 is taken: "
                + "a spotify-emulator already runs there (PID \(running)): use it, stop it with kill \(running), "
                + "or start another on a free port: make emulator EMULATOR_PORT=")
            #expect((free ?? 0) > port, "\(second.stderr)")
        } catch {
            await Self.stop(pid, sandbox)
            throw error
        }
        await Self.stop(pid, sandbox)
    }

    @Test("make emulator on a port another emulator answers on says so in one line, with a free port")
    func emulatorPortHeld() async throws {
        let sandbox = try await Sandbox.start()
        try Self.makeCheckout(at: sandbox.root, products: MarginProcess.productsDirectory.path)
        let port = try #require(sandbox.baseURL.port)
        let result = try await Self.makeEmulator(in: sandbox, port: port)
        await sandbox.stop()
        #expect(result.status != 0)
        let said = result.stderr.split(separator: "\n").filter { $0.hasPrefix("margin: ") }
        #expect(said.count == 1, "\(result.stderr)")
        let free = Self.freePort(in: said.first.map(String.init) ?? "", after: "margin: port \(port) on 127.0.0.1 is taken: "
            + "a spotify-emulator already answers there: use it, or start another on a free port: make emulator EMULATOR_PORT=")
        #expect((free ?? 0) > port, "\(result.stderr)")
    }

    @Test("spotify-emulator on a taken port says which in one line on stderr and exits 1 (docs/emulator.md)")
    func emulatorCommandPortTaken() async throws {
        let sandbox = try await Sandbox.start()
        let port = try #require(sandbox.baseURL.port)
        let emulator = MarginProcess.productsDirectory.appendingPathComponent("spotify-emulator").path
        let result = try await MarginProcess.run(["--port", String(port)], environment: sandbox.environment(), executable: emulator)
        await sandbox.stop()
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "spotify-emulator: port \(port) on 127.0.0.1 is taken (another spotify-emulator may be running there): "
            + "stop what listens there, or choose another port with --port N (--port 0 picks a free one)\n")
    }

    /// `make emulator EMULATOR_PORT=port` in the sandbox's checkout, without a build.
    static func makeEmulator(in sandbox: Sandbox, port: Int) async throws -> ProcessResult {
        try await MarginProcess.run(["-C", sandbox.root, "emulator", "EMULATOR_PORT=\(port)", "SWIFT=true"],
                                    environment: sandbox.environment(), executable: "/usr/bin/make")
    }

    /// The PID in `make emulator`'s "(stop it with: kill PID)".
    static func stopPID(in output: String) -> Int32? {
        guard let range = output.range(of: "(stop it with: kill ") else { return nil }
        return Int32(output[range.upperBound...].prefix { $0.isNumber })
    }

    /// The port a one-line message suggests, when it is `prefix` then "PORT (and PORT in the exports)".
    static func freePort(in line: String, after prefix: String) -> Int? {
        guard line.hasPrefix(prefix) else {
            Issue.record("expected a line starting \"\(prefix)\", got \"\(line)\"")
            return nil
        }
        let rest = line.dropFirst(prefix.count)
        let port = rest.prefix { $0.isNumber }
        #expect(rest.dropFirst(port.count) == " (and \(port) in the exports)", "\(line)")
        return Int(port)
    }

    /// Stops the emulator `make emulator` left running, and the sandbox.
    static func stop(_ pid: Int32?, _ sandbox: Sandbox) async {
        if let pid {
            kill(pid, SIGTERM)
            let ended = (try? await ProcessTable.ends(pid)) ?? false
            #expect(ended, "the emulator \(pid) did not stop")
        }
        await sandbox.stop()
    }

    /// A folder that looks like a checkout to the README's commands: its Makefile and scripts,
    /// and `.build/release` holding the built products (the Makefile's one build).
    static func makeCheckout(at root: String, products: String) throws {
        let files = FileManager.default
        for name in ["Makefile", "scripts"] {
            try files.createSymbolicLink(atPath: root + "/" + name, withDestinationPath: DocPage.root.appendingPathComponent(name).path)
        }
        try files.createDirectory(atPath: root + "/.build", withIntermediateDirectories: true)
        try files.createSymbolicLink(atPath: root + "/.build/release", withDestinationPath: products)
    }
}
