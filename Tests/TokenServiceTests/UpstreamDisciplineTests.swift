import Foundation
import TestSupport
import Testing
@testable import TokenService

@Suite("the upstream call: one deadline for the whole exchange, no redirects followed")
struct UpstreamDisciplineTests {
    @Test("an upstream that sends its head and trickles the body ends in 504 within --upstream-timeout")
    func trickledBody() async throws {
        let stub = try await UpstreamStub.start(.trickle(every: .milliseconds(400)))
        defer { stub.stop() }
        try await using(try await ServiceHarness.start(upstreamTimeout: .seconds(2)) { $0.accountsURL = stub.url }) { harness in
            let sealed = try TokenSealer(keys: try KeyRing(text: "k1 \(testKey(1))", path: "keys")).seal("AQspotify")
            let started = ContinuousClock.now
            let reply = try await harness.post("/refresh", [("refresh_token", sealed)])
            let elapsed = started.duration(to: .now)
            #expect(reply.status == 504, "\(reply.text)")
            #expect(reply["error"] == "temporarily_unavailable")
            // The stub's body (69 bytes, one each 400 ms) takes 27.6 s to arrive whole: an answer well
            // before that was cut short by the deadline, however slowly a loaded machine ran it.
            #expect(elapsed < .seconds(20), "answered after \(elapsed), the body trickling on past the 2 s timeout")
            #expect(stub.seen == ["/api/token"])
            #expect(!harness.log.text.contains("MARGIN_TIMEOUT"), "the service's log names a setting of margin's")
        }
    }

    @Test("a redirect from upstream is 502 naming it, and the form is never sent on", arguments: [301, 302, 303, 307, 308])
    func redirect(status: Int) async throws {
        let stub = try await UpstreamStub.start(.redirect(status: status))
        defer { stub.stop() }
        try await using(try await ServiceHarness.start { $0.accountsURL = stub.url }) { harness in
            let sealed = try TokenSealer(keys: try KeyRing(text: "k1 \(testKey(1))", path: "keys")).seal("AQspotify")
            let reply = try await harness.post("/refresh", [("refresh_token", sealed)])
            #expect(reply.status == 502)
            #expect(reply["error_description"]?.contains("redirect (\(status))") == true, "\(reply.text)")
            #expect(stub.seen == ["/api/token"], "the redirect was followed")
        }
    }
}
