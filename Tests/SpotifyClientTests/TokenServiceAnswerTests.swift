import Foundation
import Testing
@testable import SpotifyClient

@Suite("Token service: clear text and answers")
struct TokenServiceAnswerTests {
    let service = URL(string: "https://tokens.example.org")!

    @Test("plain http is this machine's only: localhost, 127.0.0.0/8 and ::1 pass, every other host is refused")
    func clearText() throws {
        for allowed in ["http://127.0.0.1:8787", "http://127.9.8.7/", "http://localhost:8787", "http://LOCALHOST",
                        "http://[::1]:8787", "http://[::ffff:127.0.0.1]:80", "https://tokens.example.org", "https://10.0.0.5"] {
            #expect(!ClearTextPolicy.exposes(try #require(URL(string: allowed))), "\(allowed)")
        }
        for refused in ["http://10.0.0.5:8787", "http://tokens.example.org", "http://128.0.0.1", "http://[::2]:80",
                        "http://localhost.example.org", "http://127.0.0.1.nip.io", "HTTP://192.168.1.2"] {
            #expect(ClearTextPolicy.exposes(try #require(URL(string: refused))), "\(refused)")
        }
    }

    @Test("the user's leave for clear text is kept in credentials.json only when given")
    func clearTextLeave() throws {
        var credentials = sampleCredentials
        credentials.tokenService = URL(string: "http://10.0.0.5:8787")
        #expect(!String(decoding: try JSONEncoder.margin.encode(credentials), as: UTF8.self).contains("token_service_insecure"))
        credentials.clearTextAllowed = true
        let decoded = try JSONDecoder.margin.decode(Credentials.self, from: try JSONEncoder.margin.encode(credentials))
        #expect(decoded.clearTextAllowed == true)
    }

    @Test("a refresh answered with anything but invalid_grant is deferred, naming what the service said",
          arguments: [
              (ScriptedTransport.Step.json(503, #"{"error":"unknown_key","error_description":"a key rotation may be in progress"}"#,
                                           headers: ["Retry-After": "5"]), "key rotation"),
              (.json(400, #"{"error":"invalid_request"}"#), "answered 400: invalid_request"),
              (.json(200, "<html></html>"), "answered 200 without tokens"),
              (.fail(.timeout(endpoint: "POST /refresh", seconds: 3)), "did not answer within 3 s"),
              (.fail(.redirected(endpoint: "POST /refresh", status: 307, to: "https://elsewhere.example")), "redirect (307 to https://elsewhere.example)"),
          ])
    func deferred(step: ScriptedTransport.Step, words: String) async throws {
        let transport = ScriptedTransport([step])
        do {
            _ = try await TokenServiceClient(baseURL: service, transport: transport).refresh(sealed: "v1.k1.x")
            Issue.record("the refresh succeeded")
        } catch TokenServiceError.refreshDeferred(let url, let reason) {
            #expect(url == service.absoluteString)
            #expect(reason.contains(words), "\(reason)")
        }
    }
}
