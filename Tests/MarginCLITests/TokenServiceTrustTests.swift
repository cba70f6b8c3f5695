import Foundation
import TestSupport
import Testing

/// What margin trusts a token service with, and what it takes its answers to mean: refresh
/// tokens go in the clear only to this machine or when the user says so, only
/// `invalid_grant` ends a login, and no token request follows a redirect.
@Suite("token service: transport and answers", .serialized)
struct TokenServiceTrustTests {
    /// The token service's answer for a sealed token whose key this instance lacks (a rotation
    /// that has not reached every instance yet).
    static let unknownKey = HTTPStub.Reply(
        status: 503, headers: ["Content-Type": "application/json", "Retry-After": "5"],
        body: #"{"error":"unknown_key","error_description":"this instance lacks the token's key; a key rotation may be in progress"}"#)

    @Test("login refuses http:// to another host, from the flag, the environment or the config file: exit 64 and the remedy",
          arguments: ["flag", "environment", "config"])
    func clearTextRefused(source: String) async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let url = "http://192.0.2.10:8080"
            var arguments = ["login", "--timeout", "5"], env = ["MARGIN_TIMEOUT": "2"]
            switch source {
            case "flag": arguments += ["--token-service", url]
            case "environment": env["MARGIN_TOKEN_SERVICE"] = url
            default: try #require(try await sandbox.margin("config", "set", "token-service", url).status == 0)
            }
            let result = try await sandbox.run(arguments, env: env)
            #expect(result.status == 64, "\(result.stderr)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(result.stderr)")
            #expect(result.stderr.contains(url) && result.stderr.contains("https://") && result.stderr.contains("--insecure-token-service"),
                    "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: sandbox.credentialsPath))
        }
    }

    @Test("--insecure-token-service lets login use http:// to another host (here one that is not there: exit 7, unreachable)")
    func clearTextAllowedByFlag() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let result = try await sandbox.margin("login", "--token-service", "http://192.0.2.10:8080", "--insecure-token-service",
                                                  "--timeout", "5", env: ["MARGIN_TIMEOUT": "2"])
            #expect(result.status == 7, "\(result.stderr)")
            #expect(result.stderr.contains("cannot reach the token service at http://192.0.2.10:8080"), "\(result.stderr)")
        }
    }

    @Test("http:// to this machine by name stays allowed: logs in through http://localhost")
    func loopbackByName() async throws {
        try await using(try await Sandbox.start(TokenServiceProcess.scenario())) { sandbox in
            let service = try await TokenServiceProcess.start(sandbox)
            let port = try #require(service.url.port)
            let result = try await sandbox.margin("login", "--token-service", "http://localhost:\(port)", "--timeout", "45",
                                                  env: ["MARGIN_CLIENT_ID": ""])
            #expect(result.status == 0, "\(result.stderr)")
            await service.stop(checking: sandbox)
        }
    }

    @Test("a stored login that refreshes over http:// to another host without leave is not refreshed: exit 4, kept as it was; with leave it is tried")
    func storedClearText() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let url = try #require(URL(string: "http://192.0.2.10:8080"))
            try sandbox.refreshThrough(url)
            let before = try Data(contentsOf: URL(fileURLWithPath: sandbox.credentialsPath))
            let refused = try await sandbox.margin("whoami", env: ["MARGIN_TIMEOUT": "2"])
            #expect(refused.status == 4, "\(refused.stderr)")
            #expect(refused.stderr.contains(url.absoluteString) && refused.stderr.contains("https://"), "\(refused.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.credentialsPath)) == before)

            let path = URL(fileURLWithPath: sandbox.credentialsPath)
            var object = try #require(try JSONSerialization.jsonObject(with: before) as? [String: Any])
            object["token_service_insecure"] = true
            try JSONSerialization.data(withJSONObject: object).write(to: path)
            chmod(sandbox.credentialsPath, 0o600)
            let tried = try await sandbox.margin("whoami", env: ["MARGIN_TIMEOUT": "2"])
            #expect(tried.status == 7, "\(tried.stderr)")
            #expect(tried.stderr.contains("did not refresh the login"), "\(tried.stderr)")
        }
    }

    @Test("a stored login whose token service answers anything but invalid_grant is kept byte for byte: exit 7, try again shortly",
          arguments: [
              unknownKey,
              HTTPStub.Reply(status: 502, body: "<html>bad gateway</html>"),
              HTTPStub.Reply(status: 400, headers: ["Content-Type": "application/json"],
                             body: #"{"error":"invalid_request","error_description":"refresh_token is missing"}"#),
              HTTPStub.Reply(status: 404, body: "not found"),
              HTTPStub.Reply(status: 200, headers: ["Content-Type": "text/html"], body: "<html>a captive portal</html>"),
          ])
    func otherAnswersKeepTheLogin(reply: HTTPStub.Reply) async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let stub = try await HTTPStub.start(in: sandbox.root, reply)
            defer { stub.stop() }
            try sandbox.refreshThrough(stub.url)
            let before = try Data(contentsOf: URL(fileURLWithPath: sandbox.credentialsPath))
            let result = try await sandbox.margin("whoami")
            #expect(result.status == 7, "\(result.stderr)")
            #expect(result.stderr.contains(stub.url.absoluteString), "\(result.stderr)")
            #expect(result.stderr.contains("mid-deploy") && result.stderr.contains("try again shortly"), "\(result.stderr)")
            #expect(!result.stderr.contains("margin login"), "the login is not gone: \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            if reply.status == 503 { #expect(result.stderr.contains("key rotation"), "\(result.stderr)") }
            #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.credentialsPath)) == before)
        }
    }

    @Test("invalid_grant from the token service still ends the login: exit 4, credentials gone, run margin login")
    func invalidGrantLogsOut() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let stub = try await HTTPStub.start(in: sandbox.root, HTTPStub.Reply(
                status: 400, headers: ["Content-Type": "application/json"],
                body: #"{"error":"invalid_grant","error_description":"the login was revoked"}"#))
            defer { stub.stop() }
            try sandbox.refreshThrough(stub.url)
            let result = try await sandbox.margin("whoami")
            #expect(result.status == 4, "\(result.stderr)")
            #expect(result.stderr.contains("margin login"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: sandbox.credentialsPath))
        }
    }

    @Test("a token or API endpoint that redirects is not followed: the target hears nothing, exit 7 naming the redirect",
          arguments: ["token service", "accounts", "api"])
    func redirectNotFollowed(endpoint: String) async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let target = try await HTTPStub.start(in: sandbox.root, HTTPStub.Reply(
                status: 200, headers: ["Content-Type": "application/json"],
                body: #"{"access_token":"from-elsewhere","token_type":"Bearer","expires_in":3600}"#))
            defer { target.stop() }
            let path = ["token service": "refresh", "accounts": "api/token", "api": "v1/me"][endpoint] ?? ""
            let redirecting = try await HTTPStub.start(in: sandbox.root, HTTPStub.Reply(
                status: endpoint == "api" ? 302 : 307, headers: ["Location": target.url.appendingPathComponent(path).absoluteString]))
            defer { redirecting.stop() }
            var env: [String: String] = [:]
            switch endpoint {
            case "token service": try sandbox.refreshThrough(redirecting.url)
            case "accounts": try sandbox.expireLocally(); env["MARGIN_ACCOUNTS_URL"] = redirecting.url.absoluteString
            default: env["MARGIN_API_URL"] = redirecting.url.appendingPathComponent("v1").absoluteString
            }
            let before = try Data(contentsOf: URL(fileURLWithPath: sandbox.credentialsPath))
            let result = try await sandbox.margin("whoami", env: env)
            #expect(target.requests().isEmpty, "the redirect was followed: \(target.requests())")
            #expect(redirecting.requests().count == 1, "\(redirecting.requests())")
            #expect(result.status == 7, "\(result.stderr)")
            #expect(result.stderr.contains("redirect"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.credentialsPath)) == before)
        }
    }
}
