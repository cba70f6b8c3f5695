import Foundation
import SpotifyClient
import SpotifyEmulator
import TestSupport
import Testing
@testable import TokenService

@Suite("start-up checks that name the file or setting")
struct StartupChecksTests {
    @Test("a client secret file that group or others can read is refused, naming it and the chmod")
    func secretFileMode() throws {
        let path = try temporaryDirectory("secret") + "/secret"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("s3cret-value\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o644)
        #expect(throws: ServiceSetupError.insecureSecret(path: path, mode: 0o644)) { try ServiceConfiguration.secret(path: path) }
        let message = ServiceSetupError.insecureSecret(path: path, mode: 0o644).errorDescription ?? ""
        #expect(message.contains("MARGIN_SERVICE_CLIENT_SECRET_FILE") && message.contains("chmod 600") && !message.contains("s3cret"))
        chmod(path, 0o600)
        #expect(try ServiceConfiguration.secret(path: path) == "s3cret-value")
    }

    @Test("a key that is not the certificate's is refused, naming the key file")
    func mismatchedKey() throws {
        let (directory, _, tls) = try TLSTests.files()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let other = try TestAuthority().issue()
        let otherKey = directory + "/other-key.pem"
        try Data(other.keyPEM.utf8).write(to: URL(fileURLWithPath: otherKey))
        #expect(throws: ServiceSetupError.tls(path: otherKey, reason: "not the private key of the certificate in \(tls.certificate)")) {
            try serverTLS(TLSFiles(certificate: tls.certificate, key: otherKey))
        }
        // TLS 1.2 and later only: ReliabilityTokenServiceTests shakes hands with each version.
        _ = try serverTLS(tls)
    }

    @Test("a port in use is named with its flag")
    func portInUse() async throws {
        try await using(try await ServiceHarness.start()) { harness in
            let port = try #require(harness.server.url.port)
            #expect(ListenFailure.probe(flag: "--listen", host: "127.0.0.1", port: port) == .portInUse(listen: "127.0.0.1:\(port)", flag: "--listen"))
            await #expect(throws: ServiceSetupError.portInUse(listen: "127.0.0.1:\(port)", flag: "--listen")) {
                _ = try await ServiceHarness.start { $0.port = port }
            }
        }
    }
}

@Suite("metrics")
struct MetricsTests {
    @Test("with --metrics-listen, /metrics there counts requests by route and status, upstream time, connections and 429s")
    func exposition() async throws {
        try await using(try await ServiceHarness.start(rateLimit: RateLimit(requests: 3, period: .seconds(60))) {
            $0.metricsListen = ("127.0.0.1", 0)
        }) { harness in
            let metricsURL = try #require(harness.server.metricsURL)
            #expect(metricsURL.port != harness.server.url.port)
            _ = try await harness.login()
            _ = try await harness.get("/healthz")
            for _ in 0..<3 { _ = try await harness.get("/config") }
            let body = String(decoding: try await ServiceHarness.http.send(TransportRequest(url: metricsURL.appendingPathComponent("metrics"))).body,
                              as: UTF8.self)
            #expect(body.contains(#"margin_token_service_requests_total{route="/swap",status="200"} 1"#), "\(body)")
            #expect(body.contains(#"margin_token_service_requests_total{route="/healthz",status="200"} 1"#))
            #expect(body.contains(#"margin_token_service_requests_total{route="/config",status="429"} 1"#))
            #expect(body.contains("margin_token_service_upstream_seconds_count 1"))
            #expect(body.contains(#"margin_token_service_upstream_seconds_bucket{le="+Inf"} 1"#))
            #expect(body.contains("margin_token_service_rate_limited_total 1"))
            #expect(body.contains("# TYPE margin_token_service_open_connections gauge"))
            let own = try await harness.get("/metrics")
            #expect(own.status != 200 && !own.text.contains("margin_token_service"), "the service's own port serves metrics")
        }
    }
}
