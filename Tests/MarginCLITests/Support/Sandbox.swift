import Foundation
import SpotifyEmulator
import Testing
import TestSupport

/// A private HOME with XDG folders, an emulator, and the environment that points margin at it.
struct Sandbox: Stoppable {
    let root: String
    let emulator: SpotifyEmulator
    let baseURL: URL
    /// The PEM of the CA that signed the emulator's certificate, when it serves HTTPS.
    var caFile: String?

    var configDirectory: String { root + "/config/margin" }
    var credentialsPath: String { configDirectory + "/credentials.json" }

    /// A sandbox whose emulator serves plain HTTP, or with `tls` HTTPS from a CA made for it,
    /// which margin trusts through `SSL_CERT_FILE` as a user would.
    static func start(_ scenario: Scenario = Scenario(), tls: Bool = false) async throws -> Sandbox {
        let root = try temporaryDirectory("margin-e2e")
        let emulator = SpotifyEmulator(scenario: scenario)
        let sandbox: Sandbox
        if tls {
            let authority = try TestAuthority()
            let caFile = root + "/emulator-ca.pem"
            try Data(try authority.pem().utf8).write(to: URL(fileURLWithPath: caFile))
            let url = try await emulator.start(port: 0, tls: try authority.issue())
            sandbox = Sandbox(root: root, emulator: emulator, baseURL: url, caFile: caFile)
        } else {
            sandbox = Sandbox(root: root, emulator: emulator, baseURL: try await emulator.start(port: 0))
        }
        _ = sandbox.browserScript()
        return sandbox
    }

    func stop() async {
        await emulator.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    /// margin's whole environment: nothing inherited but PATH, so the host's config never leaks in.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var env = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": root,
            "XDG_CONFIG_HOME": root + "/config",
            "XDG_DATA_HOME": root + "/data",
            // What reaches the terminal is looked at as margin writes it; the pager has tests of its own.
            "PAGER": "cat",
            "MARGIN_ACCOUNTS_URL": baseURL.absoluteString,
            "MARGIN_API_URL": baseURL.appendingPathComponent("v1").absoluteString,
            "MARGIN_CLIENT_ID": "0123456789abcdef0123456789abcdef",
            "MARGIN_REDIRECT_URI": "http://127.0.0.1/callback",
            "BROWSER": "/bin/sh " + root + "/browser",
            // The pin timeout has tests of its own; elsewhere a slow answer on a loaded test
            // machine must not turn into an unpinned note and hide what a test looks at.
            "MARGIN_PIN_TIMEOUT": "30",
            // Whisper only where a test asks for it (MARGIN_WHISPER in `extra`): a build in this
            // checkout finds scripts/margin-whisper, and `auto` would pick Whisper wherever the
            // runtime is installed.
            "MARGIN_WHISPER": root + "/no-margin-whisper",
        ]
        if let caFile { env["SSL_CERT_FILE"] = caFile }
        env.merge(extra) { _, new in new }
        return env
    }

    func margin(_ arguments: String..., env extra: [String: String] = [:], stdin: String? = nil) async throws -> ProcessResult {
        try await run(arguments, env: extra, stdin: stdin)
    }

    /// Runs margin and checks that nothing it printed carries a token, code or verifier the
    /// emulator issued or saw: every end-to-end test is also a leak test.
    func run(_ arguments: [String], env extra: [String: String] = [:], stdin: String? = nil,
             stdout: ProcessOutput = .captured) async throws -> ProcessResult {
        let result = try await MarginProcess.run(arguments, environment: environment(extra), stdin: stdin, stdout: stdout)
        for secret in await emulator.secrets() where result.output.contains(secret) {
            Issue.record("margin \(arguments.joined(separator: " ")) printed a secret the emulator issued")
        }
        return result
    }

    /// The page margin's callback server showed the browser (``browserPagePath``), and the
    /// forging browser's forged callback (``forgedPagePath``, its HTTP status in ``forgedStatusPath``).
    var browserPagePath: String { root + "/browser-page" }
    var forgedPagePath: String { root + "/forged-page" }
    var forgedStatusPath: String { root + "/forged-status" }

    /// What the browser's curl exited with (`browserScript()`'s), for a login that failed.
    var browserStatusPath: String { root + "/browser-status" }

    /// A "browser" that follows the authorize URL's redirect to margin's callback, as a real one
    /// would, and keeps the page it gets (and curl's exit status). The forging one first sends
    /// the callback with its `state` replaced, as an attacker's page could, and then the real one.
    ///
    /// The command returned runs the script through `sh`, which only reads it: a file just
    /// written cannot be executed while a process spawned meanwhile by another thread of the
    /// test run still holds it open ("text file busy"), and the login would wait in vain.
    func browserScript(forgeState: Bool = false) -> String {
        let path = root + (forgeState ? "/forging-browser" : "/browser")
        let script = forgeState
            ? """
              #!/bin/sh
              location=$(curl -s -o /dev/null -w '%{redirect_url}' "$1")
              forged=$(printf '%s' "$location" | sed 's/state=[^&]*/state=forged/')
              curl -s -o '\(forgedPagePath)' -w '%{http_code}' "$forged" > '\(forgedStatusPath)'
              curl -s -o '\(browserPagePath)' "$location"
              """
            : """
              #!/bin/sh
              curl -s --retry 2 --retry-connrefused --max-time 30 ${SSL_CERT_FILE:+--cacert "$SSL_CERT_FILE"} -o '\(browserPagePath)' -L "$1"
              echo $? > '\(browserStatusPath)'
              """
        _ = FileManager.default.createFile(atPath: path, contents: Data(script.utf8), attributes: [.posixPermissions: 0o755])
        return "/bin/sh " + path
    }

    /// Logs in through the real binary; fails the caller's expectations if it does not work.
    /// The wait is long: with speech being decoded beside it, a loaded test process once took over 20 s.
    @discardableResult
    func login() async throws -> ProcessResult {
        try await margin("login", "--timeout", "45")
    }

    func credentialsMode() throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: credentialsPath)[.posixPermissions] as? Int ?? -1) & 0o777
    }

    func directoryMode() throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: configDirectory)[.posixPermissions] as? Int ?? -1) & 0o777
    }
}
