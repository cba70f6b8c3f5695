import Foundation
import SpotifyEmulator
import Testing

/// The built `margin-token-service` as a real process in front of a sandbox's emulator, which
/// plays the shared Spotify app (a confidential client with a secret).
final class TokenServiceProcess: Sendable {
    static let clientID = "5ha7edapp0123456789abcdef0123456"
    static let clientSecret = "c0nf1dent1al5ecret0123456789abcd"
    static let keyOne = Data((0..<32).map { UInt8($0) }).base64EncodedString()
    static let keyTwo = Data((0..<32).map { UInt8(200 - $0) }).base64EncodedString()
    /// The emulator scenario of the shared app.
    static func scenario(_ mode: Scenario.RefreshMode = .nonRotating) -> Scenario {
        Scenario(clientID: clientID, clientSecret: clientSecret, refreshMode: mode)
    }

    let url: URL
    private let process: ChildProcess
    private let output: FileHandle
    private let errors: FileHandle

    private init(url: URL, process: ChildProcess, output: FileHandle, errors: FileHandle) {
        self.url = url
        self.process = process
        self.output = output
        self.errors = errors
    }

    /// A test that fails before ``stop()`` must not leave the service running.
    deinit {
        if process.isRunning { process.send(SIGTERM) }
    }

    /// Starts the service for `sandbox` with `keys` (lines of the keys file) on `port` (0: a free
    /// one) and returns once it prints its address. With `trustingCA`, an HTTPS emulator's CA is
    /// its `SSL_CERT_FILE`.
    static func start(_ sandbox: Sandbox, keys: [String] = ["k1 \(keyOne)"], port: Int = 0,
                      arguments extra: [String] = [], trustingCA: Bool = true,
                      fileLimit: Int? = nil) async throws -> TokenServiceProcess {
        let keysPath = sandbox.root + "/service-keys"
        _ = FileManager.default.createFile(atPath: keysPath, contents: Data((keys.joined(separator: "\n") + "\n").utf8),
                                       attributes: [.posixPermissions: 0o600])
        let arguments = ["--listen", "127.0.0.1:\(port)", "--accounts-url", sandbox.baseURL.absoluteString,
                             "--redirect-uri", "http://127.0.0.1/callback"] + extra
        var environment = ["PATH": "/usr/bin:/bin", "MARGIN_SERVICE_CLIENT_ID": clientID,
                           "MARGIN_SERVICE_CLIENT_SECRET": clientSecret, "MARGIN_SERVICE_KEYS_FILE": keysPath]
        if trustingCA, let caFile = sandbox.caFile { environment["SSL_CERT_FILE"] = caFile }
        let output = try ChildPipe(), errors = try ChildPipe()
        let binary = MarginProcess.productsDirectory.appendingPathComponent("margin-token-service").path
        // With `fileLimit`, started by a shell that lowers its open-file limit first (ulimit -n).
        let (executable, argv) = fileLimit.map { ("/bin/sh", ["-c", "ulimit -n \($0) && exec \"$0\" \"$@\"", binary] + arguments) }
            ?? (binary, arguments)
        let process = try ChildProcess(executable, argv, environment: environment, output: output.write, errors: errors.write)
        try output.write.close()
        try errors.write.close()
        let line = await firstLine(output.read)
        let prefix = "margin-token-service listening on "
        guard line.hasPrefix(prefix), let url = URL(string: String(line.dropFirst(prefix.count))) else {
            process.send(SIGTERM)
            throw ServiceDidNotStart(line: line)
        }
        return TokenServiceProcess(url: url, process: process, output: output.read, errors: errors.read)
    }

    /// Stops it with SIGTERM (a graceful shutdown) and returns its exit status and whole output.
    @discardableResult
    func stop() async -> (status: Int32, output: String) {
        process.send(SIGTERM)
        async let rest = readToEnd(output)
        async let log = readToEnd(errors)
        let text = String(decoding: await rest + (await log), as: UTF8.self)
        return (await process.exit().status, text)
    }

    /// Stops the service and fails the test if its output carries a secret: the app's client
    /// secret, a sealing key, or any token, code or verifier the emulator issued or saw.
    func stop(checking sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation) async {
        let (status, text) = await stop()
        #expect(status == 0, "the service did not shut down cleanly on SIGTERM", sourceLocation: sourceLocation)
        #expect(text.contains("status=") && text.contains("path=/"), "its log names each request", sourceLocation: sourceLocation)
        let secrets = await sandbox.emulator.secrets() + [Self.clientSecret, Self.keyOne, Self.keyTwo]
        for secret in secrets where text.contains(secret) {
            Issue.record("the token service printed a secret", sourceLocation: sourceLocation)
        }
    }
}

struct ServiceDidNotStart: Error, CustomStringConvertible {
    var line: String
    var description: String { "margin-token-service did not start: '\(line)'" }
}

/// The first line of a pipe, read on a thread of its own (see `readToEnd` in MarginProcess).
private func firstLine(_ handle: FileHandle) async -> String {
    await withCheckedContinuation { continuation in
        Thread {
            var bytes: [UInt8] = []
            while true {
                let chunk = handle.readData(ofLength: 1)
                guard let byte = chunk.first, byte != UInt8(ascii: "\n") else { break }
                bytes.append(byte)
            }
            continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
        }.start()
    }
}
