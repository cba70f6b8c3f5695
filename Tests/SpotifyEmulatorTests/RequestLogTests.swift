import Foundation
import SpotifyEmulator
import Testing

@Suite("Request log and secrets")
struct RequestLogTests {
    @Test("the log records method, path, query, status and grant_type but no secret value")
    func logHasNoSecrets() async throws {
        try await withEmulator(Scenario(refreshMode: .rotating)) { emulator, client in
            let tokens = try await client.login()
            _ = try await client.refresh(tokens.refresh)
            _ = try await client.get("/v1/me/player/currently-playing?additional_types=episode", token: tokens.access)

            let reply = try await client.get("/emulator/requests")
            let entries = try #require((try? JSONSerialization.jsonObject(with: reply.body)) as? [[String: Any]])
            #expect(entries.map { $0["path"] as? String } == ["/authorize", "/api/token", "/api/token", "/v1/me/player/currently-playing"])
            #expect(entries.map { $0["grant_type"] as? String } == [nil, "authorization_code", "refresh_token", nil])
            #expect(entries.last?["query"] as? String == "additional_types=episode")
            #expect(entries.last?["status"] as? Int == 200)
            #expect(entries.last?["method"] as? String == "GET")

            let secrets = try #require((try? JSONSerialization.jsonObject(with: try await client.get("/emulator/secrets").body)) as? [String])
            #expect(secrets.contains(tokens.access))
            #expect(secrets.contains(tokens.refresh))
            #expect(secrets.contains(RFC7636.verifier))
            #expect(await emulator.secrets() == secrets)
            for secret in secrets {
                #expect(!reply.text.contains(secret))
            }

            #expect(try await client.send("DELETE", "/emulator/requests").status == 200)
            #expect(await emulator.requestLog().isEmpty)
        }
    }

    @Test("the in-process log matches what happened")
    func inProcessLog() async throws {
        try await withEmulator { emulator, client in
            _ = try await client.get("/v1/me")
            _ = try await client.get("/v1/does-not-exist?x=1")
            let log = await emulator.requestLog()
            #expect(log == [
                LoggedRequest(method: "GET", path: "/v1/me", query: "", status: 401),
                LoggedRequest(method: "GET", path: "/v1/does-not-exist", query: "x=1", status: 404),
            ])
            await emulator.clearRequestLog()
            #expect(await emulator.requestLog().isEmpty)
        }
    }
}
