import Foundation
import TestSupport
import Testing

extension Sandbox {
    /// Points the stored login's refreshes at the token service `url` and makes its access
    /// token look expired, so the next command refreshes there first.
    func refreshThrough(_ url: URL) throws {
        let path = URL(fileURLWithPath: credentialsPath)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any])
        object["token_service"] = url.absoluteString
        object["expires_at"] = "2020-01-01T00:00:00Z"
        try JSONSerialization.data(withJSONObject: object).write(to: path)
        chmod(credentialsPath, 0o600)
    }

    /// Runs margin with a hard limit of `limit` and returns its result and how long it took.
    func timed(_ arguments: String..., env extra: [String: String], limit: Duration = .seconds(40)) async throws
        -> (result: ProcessResult, took: Duration) {
        let started = ContinuousClock.now
        let result = try await MarginProcess.run(arguments, environment: environment(extra), timeout: limit)
        return (result, ContinuousClock.now - started)
    }
}

/// `MARGIN_TIMEOUT` bounds each exchange whole, head and body: a server that sends its head and
/// then a byte a second cannot keep margin waiting past it.
@Suite("MARGIN_TIMEOUT bounds the whole exchange", .serialized)
struct TransportDeadlineTests {
    /// A reply head at once, then a JSON body of 120 bytes at one a second.
    static let trickling = HTTPStub.Reply(status: 200, headers: ["Content-Type": "application/json"],
                                          body: "{" + String(repeating: " ", count: 118) + "}", trickle: true)

    /// Checks a run that met a trickling server: exit 7 within the timeout and some slack, one line.
    static func expectTimedOut(_ run: (result: ProcessResult, took: Duration), seconds: Int,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.result.status == 7, "\(run.result.stderr)", sourceLocation: sourceLocation)
        #expect(run.took < .seconds(seconds + 8), "took \(run.took)", sourceLocation: sourceLocation)
        #expect(run.result.stderr.contains("within \(seconds) s"), "\(run.result.stderr)", sourceLocation: sourceLocation)
        let lines = run.result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines.allSatisfy { $0.hasPrefix("margin: ") }, "\(run.result.stderr)", sourceLocation: sourceLocation)
    }

    @Test("a Web API reply whose body trickles: margin now ends within MARGIN_TIMEOUT, exit 7, one line", arguments: [false, true])
    func tricklingAPI(secure: Bool) async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let certificate = secure ? try await TestCertificate.make(in: sandbox.root, name: "stub", subjectAltName: "IP:127.0.0.1") : nil
            let stub = try await HTTPStub.start(in: sandbox.root, Self.trickling, certificate: certificate)
            defer { stub.stop() }
            var env = ["MARGIN_API_URL": stub.url.appendingPathComponent("v1").absoluteString, "MARGIN_TIMEOUT": "2"]
            if let certificate { env["SSL_CERT_FILE"] = certificate.certificate }
            let run = try await sandbox.timed("now", env: env)
            Self.expectTimedOut(run, seconds: 2)
            #expect(stub.requests().count == 1, "a timeout is not retried: \(stub.requests())")
        }
    }

    @Test("a refresh at Spotify's token endpoint whose reply trickles: exit 7 within MARGIN_TIMEOUT, the login kept as it was")
    func tricklingRefresh() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            try sandbox.expireLocally()
            let before = try Data(contentsOf: URL(fileURLWithPath: sandbox.credentialsPath))
            let stub = try await HTTPStub.start(in: sandbox.root, Self.trickling)
            defer { stub.stop() }
            let run = try await sandbox.timed("whoami", env: ["MARGIN_ACCOUNTS_URL": stub.url.absoluteString, "MARGIN_TIMEOUT": "2"])
            Self.expectTimedOut(run, seconds: 2)
            #expect(stub.requests() == ["POST /api/token HTTP/1.1"])
            #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.credentialsPath)) == before)
        }
    }

    @Test("a refresh through a token service whose reply trickles: exit 7 within MARGIN_TIMEOUT, the login kept as it was")
    func tricklingTokenService() async throws {
        try await using(try await Sandbox.loggedIn()) { sandbox in
            let stub = try await HTTPStub.start(in: sandbox.root, Self.trickling)
            defer { stub.stop() }
            try sandbox.refreshThrough(stub.url)
            let before = try Data(contentsOf: URL(fileURLWithPath: sandbox.credentialsPath))
            let run = try await sandbox.timed("whoami", env: ["MARGIN_TIMEOUT": "2"])
            #expect(run.result.status == 7, "\(run.result.stderr)")
            #expect(run.took < .seconds(2 + 8), "took \(run.took)")
            #expect(run.result.stderr.contains(stub.url.absoluteString), "\(run.result.stderr)")
            #expect(run.result.stderr.split(separator: "\n").count == 1, "\(run.result.stderr)")
            #expect(stub.requests() == ["POST /refresh HTTP/1.1"])
            #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.credentialsPath)) == before)
        }
    }
}
