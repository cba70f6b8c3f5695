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
        if page.path == "README.md" {
            // The README starts the emulator itself, from a checkout: `make emulator` (which must
            // not build here: the suite runs on the products already built) and its own exports.
            try makeCheckout(at: sandbox.root, products: products)
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
        return try await DocPageRun.run(blocks, in: sandbox.root, environment: environment)
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

    /// A folder that looks like a checkout to the README's commands: its Makefile and scripts,
    /// and `.build/debug` holding the built products.
    static func makeCheckout(at root: String, products: String) throws {
        let files = FileManager.default
        for name in ["Makefile", "scripts"] {
            try files.createSymbolicLink(atPath: root + "/" + name, withDestinationPath: DocPage.root.appendingPathComponent(name).path)
        }
        try files.createDirectory(atPath: root + "/.build", withIntermediateDirectories: true)
        try files.createSymbolicLink(atPath: root + "/.build/debug", withDestinationPath: products)
    }
}
