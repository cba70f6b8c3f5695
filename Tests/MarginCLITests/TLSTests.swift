import Foundation
import TestSupport
import Testing

/// HTTPS failures against a real TLS server (`openssl s_server`) with certificates made by the
/// `openssl` tool: each is named with its host and reason, exit 7, and capture still saves the note.
@Suite("TLS failures", .serialized)
struct TLSTests {
    /// Logs in against the emulator, then points margin's Spotify URLs at `server`.
    func run(_ arguments: String..., sandbox: Sandbox, server: TLSServer, trusting: TestCertificate? = nil) async throws -> ProcessResult {
        var env = ["MARGIN_API_URL": server.url + "/v1", "MARGIN_ACCOUNTS_URL": server.url]
        if let trusting { env["SSL_CERT_FILE"] = trusting.certificate }
        return try await sandbox.run(arguments, env: env)
    }

    /// Runs `body` with a logged-in sandbox and a TLS server presenting the certificate `make` returns.
    func withServer(_ make: (String) async throws -> TestCertificate,
                    _ body: (Sandbox, TLSServer, TestCertificate) async throws -> Void) async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let certificate = try await make(sandbox.root)
            let server = try await TLSServer.start(certificate)
            defer { server.stop() }
            try await body(sandbox, server, certificate)
        }
    }

    /// The one line margin printed, checked for the host, the reason and nothing about reachability.
    func expectTLSMessage(_ result: ProcessResult, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 7, "\(result.stderr)", sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("'127.0.0.1'"), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(reason), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("cannot reach Spotify"), "\(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test("a certificate from an unknown CA is 'not trusted', names SSL_CERT_FILE, and exits 7")
    func untrusted() async throws {
        try await withServer({ try await TestCertificate.make(in: $0, name: "self-signed", subjectAltName: "IP:127.0.0.1") }) { sandbox, server, _ in
            let result = try await run("now", sandbox: sandbox, server: server)
            expectTLSMessage(result, "certificate is not trusted")
            #expect(result.stderr.contains("SSL_CERT_FILE"))
            #expect(result.stderr.contains("PEM bundle"))
        }
    }

    @Test("an expired certificate says it has expired")
    func expired() async throws {
        try await withServer({ try await TestCertificate.make(in: $0, name: "expired", subjectAltName: "IP:127.0.0.1", expired: true) }) { sandbox, server, certificate in
            expectTLSMessage(try await run("now", sandbox: sandbox, server: server, trusting: certificate), "certificate has expired")
        }
    }

    @Test("a certificate for another name says so")
    func wrongName() async throws {
        try await withServer({ try await TestCertificate.make(in: $0, name: "other-name", subjectAltName: "DNS:spotify.invalid") }) { sandbox, server, certificate in
            expectTLSMessage(try await run("now", sandbox: sandbox, server: server, trusting: certificate), "certificate is for another name")
        }
    }

    @Test("SSL_CERT_FILE with the CA in it is trusted: the connection is made")
    func trustedThroughSSLCertFile() async throws {
        try await withServer({ try await TestCertificate.make(in: $0, name: "self-signed", subjectAltName: "IP:127.0.0.1") }) { sandbox, server, certificate in
            let result = try await run("now", sandbox: sandbox, server: server, trusting: certificate)
            // s_server answers with an HTML status page: the TLS part worked, Spotify's JSON is missing.
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stderr.contains("could not be read"), "\(result.stderr)")
        }
    }

    @Test("a server that does not speak TLS is a failed handshake, not an unreachable Spotify")
    func notTLS() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let port = try #require(sandbox.baseURL.port)
            let result = try await sandbox.margin("now", env: ["MARGIN_API_URL": "https://127.0.0.1:\(port)/v1"])
            expectTLSMessage(result, "TLS handshake failed")
        }
    }

    @Test("margin note still saves the note, unpinned, with the TLS reason on stderr")
    func noteUnpinned() async throws {
        try await withServer({ try await TestCertificate.make(in: $0, name: "self-signed", subjectAltName: "IP:127.0.0.1") }) { sandbox, server, _ in
            let result = try await run("note", "said over a proxy", sandbox: sandbox, server: server)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("certificate is not trusted"), "\(result.stderr)")
            #expect(result.stderr.contains("margin pin"), "\(result.stderr)")
            let notes = try await sandbox.notes("list", "--json", env: ["MARGIN_API_URL": "http://127.0.0.1:9/v1"])
            let note = try #require(notes.first { $0["text"] as? String == "said over a proxy" })
            #expect(note["pinned"] as? Bool == false)
        }
    }
}
