import Foundation
import TestSupport
import Testing

/// `make install-files`, the layout `make install` and `make deb` share, run with the margin the
/// tests drive: where each file lands under PREFIX and DESTDIR, and that the installed margin
/// finds its Whisper helper there, and what it says of the shells that do not look there. The man
/// pages come from a plugin build, too slow for here: `make test` checks them (scripts/check-man.sh),
/// and `make deb-test` reads them, installed from the package on a clean Debian.
@Suite("make install's layout")
struct InstallLayoutTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test("make install-files puts margin, its two helpers and three completions under PREFIX, and nothing else")
    func layout() async throws {
        let prefix = try temporaryDirectory("margin-install")
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let result = try await Self.make(["PREFIX=" + prefix])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.files(under: prefix) == [
            "bin/margin", "libexec/margin/margin-sync", "libexec/margin/margin-whisper", "share/bash-completion/completions/margin",
            "share/fish/vendor_completions.d/margin.fish", "share/zsh/site-functions/_margin",
        ])
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/margin"))
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/libexec/margin/margin-sync"))
        // Run by the Whisper environment's Python, so a file to read, not a program.
        let helperMode = try FileManager.default.attributesOfItem(atPath: prefix + "/libexec/margin/margin-whisper")[.posixPermissions] as? Int
        #expect(helperMode == 0o644)
        #expect(FileManager.default.contents(atPath: prefix + "/libexec/margin/margin-whisper")
            == FileManager.default.contents(atPath: Self.packageRoot + "/scripts/margin-whisper"))
        let bash = try String(contentsOfFile: prefix + "/share/bash-completion/completions/margin", encoding: .utf8)
        #expect(!bash.hasPrefix("#!"))
        #expect(bash.hasSuffix("\ncomplete -o filenames -F _margin margin\n"))
        let zsh = try String(contentsOfFile: prefix + "/share/zsh/site-functions/_margin", encoding: .utf8)
        #expect(zsh.hasPrefix("#compdef margin\n"))
        let fish = try String(contentsOfFile: prefix + "/share/fish/vendor_completions.d/margin.fish", encoding: .utf8)
        #expect(fish.contains("\ncomplete -c 'margin' -f\n"))
    }

    @Test("the installed margin runs, and finds margin-whisper and margin-sync where make install put them")
    func installedMarginFindsItsHelper() async throws {
        let prefix = try temporaryDirectory("margin-install")
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        #expect(try await Self.make(["PREFIX=" + prefix]).status == 0)
        let installed = prefix + "/bin/margin"
        let environment = ["PATH": "/usr/bin:/bin", "HOME": prefix, "XDG_DATA_HOME": prefix + "/data", "XDG_CONFIG_HOME": prefix + "/config"]
        let version = try await MarginProcess.run(["--version"], environment: environment, executable: installed)
        #expect(version.status == 0)
        #expect(version.stdout == (try await MarginProcess.run(["--version"], environment: environment)).stdout)
        let engines = try await MarginProcess.run(["transcribe", "--engines"], environment: environment, executable: installed)
        #expect(engines.status == 0, "\(engines.stderr)")
        #expect(engines.stdout.contains("\n  helper: \(prefix)/bin/../libexec/margin/margin-whisper\n"), "\(engines.stdout)")
        // margin-sync does the work of `sync`: the SQL it prints, and a hub it cannot reach.
        let setup = try await MarginProcess.run(["sync", "--print-setup-sql"], environment: environment, executable: installed)
        #expect(setup.status == 0, "\(setup.stderr)")
        #expect(setup.stdout.contains("CREATE SCHEMA IF NOT EXISTS margin"))
        let port = PostgresServer.freePort()
        let unreachable = try await MarginProcess.run(
            ["sync", "--db", prefix + "/notes.sqlite"],
            environment: environment.merging(["MARGIN_SYNC_URL": "postgres://margin@127.0.0.1:\(port)/notes?sslmode=disable"]) { $1 },
            executable: installed)
        #expect(unreachable.status == 7, "\(unreachable.stderr)")
        #expect(unreachable.stderr.hasPrefix("margin: cannot reach the sync hub margin@127.0.0.1:\(port)/notes"), "\(unreachable.stderr)")
    }

    @Test("DESTDIR stages the layout for a package: the files under DESTDIR, at the paths PREFIX names")
    func destdir() async throws {
        let stage = try temporaryDirectory("margin-install")
        defer { try? FileManager.default.removeItem(atPath: stage) }
        let result = try await Self.make(["PREFIX=/usr", "DESTDIR=" + stage, "ZSHCOMPDIR=/usr/share/zsh/vendor-completions"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.files(under: stage) == [
            "usr/bin/margin", "usr/libexec/margin/margin-sync", "usr/libexec/margin/margin-whisper", "usr/share/bash-completion/completions/margin",
            "usr/share/fish/vendor_completions.d/margin.fish", "usr/share/zsh/vendor-completions/_margin",
        ])
        // Staged for a package, not installed here: nothing to add to this machine's shells.
        #expect(!result.stdout.contains("does not look in"), "\(result.stdout)")
    }

    @Test("installed where zsh does not look, install-files gives the fpath line that makes it find the completion")
    func zshHint() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"), "/usr/bin/zsh is missing: install zsh")
        let prefix = try temporaryDirectory("margin-install")
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let result = try await Self.make(["PREFIX=" + prefix])
        #expect(result.status == 0, "\(result.stderr)")
        let folder = prefix + "/share/zsh/site-functions"
        #expect(result.stdout.contains("zsh does not look in \(folder): add this line to ~/.zshrc, before compinit runs:\n"),
                "\(result.stdout)")
        let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("  fpath=(") }).trimmingCharacters(in: .whitespaces)
        #expect(line == "fpath=(\(folder) $fpath)")
        // compinit knows margin's completion once the line, as given, ran; not before.
        let script = "autoload -Uz compinit; compinit -u -D; print -r -- ${_comps[margin]:-none}; \(line); compinit -u -D; print -r -- ${_comps[margin]:-none}"
        let zsh = try await MarginProcess.run(["-fc", script], environment: ["HOME": prefix], executable: "/usr/bin/zsh")
        #expect(zsh.stdout == "none\n_margin\n", "\(zsh.output)")
    }

    @Test("without a built margin, install-files installs nothing and says what it lacks")
    func missingBinary() async throws {
        let prefix = try temporaryDirectory("margin-install")
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let result = try await Self.make(["PREFIX=" + prefix], binary: prefix + "/no-such-margin")
        #expect(result.status != 0)
        #expect(result.stderr.contains("no margin at '\(prefix)/no-such-margin'"))
        #expect(try Self.files(under: prefix).isEmpty)
    }

    @Test("without margin-sync beside margin, install-files installs nothing and says what it lacks")
    func missingSyncHelper() async throws {
        let prefix = try temporaryDirectory("margin-install")
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let result = try await Self.make(["PREFIX=" + prefix, "SYNC_BIN=" + prefix + "/no-such-sync"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("no margin-sync at '\(prefix)/no-such-sync'"), "\(result.stderr)")
        #expect(try Self.files(under: prefix).isEmpty)
    }

    /// Runs `make install-files BIN=binary variables…` in the package, with a HOME of its own
    /// for the shells that install-files asks where they look.
    static func make(_ variables: [String], binary: String = MarginProcess.marginPath) async throws -> ProcessResult {
        let home = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        return try await MarginProcess.run(["-C", packageRoot, "--no-print-directory", "install-files", "BIN=" + binary] + variables,
                                           environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": home],
                                           executable: "/usr/bin/make", timeout: .seconds(120))
    }

    /// The regular files under `root`, as sorted paths relative to it.
    static func files(under root: String) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: root).filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }.sorted()
    }
}
