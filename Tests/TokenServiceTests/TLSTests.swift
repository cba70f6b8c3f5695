import Foundation
import Logging
import SpotifyClient
import SpotifyEmulator
import TestSupport
import Testing
@testable import TokenService

@Suite("serving HTTPS")
struct TLSTests {
    /// A directory with a CA's certificate and a server certificate and key it signed, as PEM files.
    static func files() throws -> (directory: String, ca: String, tls: TLSFiles) {
        let directory = try temporaryDirectory("token-service-tls")
        let authority = try TestAuthority()
        let identity = try authority.issue()
        let files = TLSFiles(certificate: directory + "/cert.pem", key: directory + "/key.pem")
        try Data(try authority.pem().utf8).write(to: URL(fileURLWithPath: directory + "/ca.pem"))
        try Data(identity.certificatePEM.utf8).write(to: URL(fileURLWithPath: files.certificate))
        try Data(identity.keyPEM.utf8).write(to: URL(fileURLWithPath: files.key))
        return (directory, directory + "/ca.pem", files)
    }

    @Test("with --tls-cert and --tls-key it answers over HTTPS to a client trusting the CA")
    func servesHTTPS() async throws {
        let (directory, ca, tls) = try Self.files()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var configuration = ServiceConfiguration(
            redirectURIs: try RedirectAllowList(["http://127.0.0.1/callback"]), credentials: ClientCredentials(id: "app", secret: "s"),
            keys: try KeyRing(text: "k1 \(testKey(1))", path: "keys"))
        configuration.port = 0
        configuration.tls = tls
        try await using(try await TokenServer.start(configuration: configuration, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })) { server in
            #expect(server.url.scheme == "https")
            let transport = CurlTransport(timeout: .seconds(30), trust: TrustRoots(file: ca))
            let reply = try await transport.send(TransportRequest(url: server.url.appendingPathComponent("healthz")))
            #expect(reply.status == 200)
        }
    }

    @Test("a certificate or key that cannot be used is named, with the remedy")
    func badFiles() throws {
        let (directory, _, tls) = try Self.files()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(throws: ServiceSetupError.tls(path: directory + "/none.pem", reason: "not a readable PEM certificate")) {
            try serverTLS(TLSFiles(certificate: directory + "/none.pem", key: tls.key))
        }
        #expect(throws: ServiceSetupError.tls(path: tls.certificate, reason: "not a readable PEM private key")) {
            try serverTLS(TLSFiles(certificate: tls.certificate, key: tls.certificate))
        }
    }
}

extension TokenServer: Stoppable {}
