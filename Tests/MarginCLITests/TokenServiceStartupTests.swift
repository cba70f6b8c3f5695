import Foundation
import SpotifyEmulator
import TestSupport
import Testing

/// `margin-token-service` refusing to start, as an operator sees it: one line on stderr naming
/// the file, flag or variable, and exit 64.
@Suite("margin-token-service start-up checks, with the built binary")
struct TokenServiceStartupTests {
    static var binary: String { MarginProcess.productsDirectory.appendingPathComponent("margin-token-service").path }

    /// A directory with a good keys file and secret file, and the environment naming them.
    struct Setup {
        let directory: String
        var environment: [String: String]
        var keys: String { directory + "/keys" }
        var secret: String { directory + "/secret" }

        init() throws {
            directory = try temporaryDirectory("token-service-setup")
            environment = ["PATH": "/usr/bin:/bin", "MARGIN_SERVICE_CLIENT_ID": TokenServiceProcess.clientID,
                           "MARGIN_SERVICE_CLIENT_SECRET_FILE": directory + "/secret", "MARGIN_SERVICE_KEYS_FILE": directory + "/keys"]
            try write(keys, "k1 \(TokenServiceProcess.keyOne)\n")
            try write(secret, TokenServiceProcess.clientSecret + "\n")
        }

        func write(_ path: String, _ text: String, mode: Int16 = 0o600) throws {
            try? FileManager.default.removeItem(atPath: path)
            guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: mode]) else {
                throw CocoaError(.fileWriteUnknown)
            }
        }

        func run(_ arguments: [String] = []) async throws -> ProcessResult {
            try await MarginProcess.run(["--listen", "127.0.0.1:0", "--redirect-uri", "http://127.0.0.1/callback"] + arguments,
                                        environment: environment, executable: TokenServiceStartupTests.binary, timeout: .seconds(30))
        }
    }

    /// Exit 64 and exactly one line on stderr, containing each of `names`.
    func expectRefusal(_ result: ProcessResult, naming names: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 64, "\(result.stderr)", sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(lines.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        for name in names { #expect(result.stderr.contains(name), "\(result.stderr)", sourceLocation: sourceLocation) }
        #expect(!result.stderr.contains("MARGIN_TIMEOUT"), sourceLocation: sourceLocation)
        #expect(!result.stderr.contains(TokenServiceProcess.keyOne) && !result.stderr.contains(TokenServiceProcess.clientSecret),
                sourceLocation: sourceLocation)
    }

    @Test("--check-config on a good configuration says so and exits 0 without listening; a CRLF keys file is good")
    func checkConfig() async throws {
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(atPath: setup.directory) }
        try setup.write(setup.keys, "k1 \(TokenServiceProcess.keyOne)\r\nk2 \(TokenServiceProcess.keyTwo)\r\n")
        let result = try await setup.run(["--check-config"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("configuration ok"))
        #expect(!result.stdout.contains("listening on"))
    }

    @Test("an empty, short-keyed or world-readable keys file is one line naming it, exit 64")
    func keysFile() async throws {
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(atPath: setup.directory) }
        try setup.write(setup.keys, "")
        expectRefusal(try await setup.run(["--check-config"]), naming: [setup.keys, "has no key"])
        try setup.write(setup.keys, "k1 \(Data(repeating: 7, count: 16).base64EncodedString())\r\n")
        expectRefusal(try await setup.run(), naming: [setup.keys, "16-byte key"])
        try setup.write(setup.keys, "k1 \(TokenServiceProcess.keyOne)\n", mode: 0o644)
        expectRefusal(try await setup.run(), naming: [setup.keys, "chmod 600"])
    }

    @Test("a client secret file readable by group or others is one line naming it, exit 64")
    func secretFile() async throws {
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(atPath: setup.directory) }
        try setup.write(setup.secret, TokenServiceProcess.clientSecret, mode: 0o640)
        expectRefusal(try await setup.run(["--check-config"]), naming: [setup.secret, "MARGIN_SERVICE_CLIENT_SECRET_FILE", "chmod 600"])
    }

    @Test("a missing variable is one line naming it, exit 64", arguments: ["MARGIN_SERVICE_CLIENT_ID", "MARGIN_SERVICE_KEYS_FILE"])
    func missingVariable(name: String) async throws {
        var setup = try Setup()
        defer { try? FileManager.default.removeItem(atPath: setup.directory) }
        setup.environment[name] = nil
        expectRefusal(try await setup.run(), naming: [name])
    }

    @Test("a certificate and a key that do not belong together are one line naming the key, exit 64")
    func mismatchedTLS() async throws {
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(atPath: setup.directory) }
        let authority = try TestAuthority()
        try setup.write(setup.directory + "/cert.pem", try authority.issue().certificatePEM)
        try setup.write(setup.directory + "/key.pem", try authority.issue().keyPEM)
        let result = try await setup.run(["--tls-cert", setup.directory + "/cert.pem", "--tls-key", setup.directory + "/key.pem", "--check-config"])
        expectRefusal(result, naming: [setup.directory + "/key.pem", "not the private key"])
    }

    @Test("a machine without libcurl or libcrypto is one line naming the library and the packages, exit 64, with or without --check-config",
          arguments: [["libcurl.so.4", "libcurl-gnutls.so.4"], ["libcrypto.so.3"]])
    func missingLibrary(libraries: [String]) async throws {
        var setup = try Setup()
        defer { try? FileManager.default.removeItem(atPath: setup.directory) }
        // The loader finds these first, and they are no libraries (libcurl's OpenSSL build, and
        // the GnuTLS one margin falls back to).
        for library in libraries { try setup.write(setup.directory + "/" + library, "not a library") }
        setup.environment["LD_LIBRARY_PATH"] = setup.directory
        for extra in [[], ["--check-config"]] {
            let result = try await setup.run(extra)
            expectRefusal(result, naming: ["cannot run:", "apt install libcurl4 libssl3"])
            #expect(!result.stdout.contains("listening on"))
        }
    }

    @Test("a port in use is one line naming --listen and the address, exit 64, with or without --check-config")
    func portInUse() async throws {
        try await using(try await Sandbox.start(TokenServiceProcess.scenario())) { sandbox in
            let service = try await TokenServiceProcess.start(sandbox)
            let setup = try Setup()
            defer { try? FileManager.default.removeItem(atPath: setup.directory) }
            let port = try #require(service.url.port)
            for extra in [[], ["--check-config"]] {
                let result = try await MarginProcess.run(["--listen", "127.0.0.1:\(port)", "--redirect-uri", "http://127.0.0.1/callback"] + extra,
                                                         environment: setup.environment, executable: Self.binary, timeout: .seconds(30))
                expectRefusal(result, naming: ["--listen 127.0.0.1:\(port)", "already in use"])
            }
            await service.stop()
        }
    }

    @Test("flags out of range are one line naming the flag, exit 64", arguments: [
        ["--max-connections", "0"], ["--header-timeout", "0"], ["--body-timeout", "x"], ["--metrics-listen", "nowhere"],
    ])
    func badFlags(arguments: [String]) async throws {
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(atPath: setup.directory) }
        expectRefusal(try await setup.run(arguments), naming: [arguments[0]])
    }
}
