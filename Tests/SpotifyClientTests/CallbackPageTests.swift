import Foundation
import Testing
@testable import SpotifyClient

@Suite("Login callback page")
struct CallbackPageTests {
    /// Nobody listens there: the code exchange fails at once, which these tests do not look at.
    let accounts = AccountsClient(baseURL: URL(string: "http://127.0.0.1:9")!, transport: CurlTransport(timeout: .seconds(2)))

    @Test("the browser gets the whole page every time, though the login stops the server as soon as the code arrives")
    func wholePageEveryTime() async throws {
        for run in 1...20 {
            let attempt = try await LoginAttempt.start(accounts: accounts, clientID: "id", redirect: try RedirectURI("http://127.0.0.1/cb"))
            let url = try #require(URL(string: attempt.request.redirectURI + "?code=c&state=\(attempt.request.state)"))
            async let login: Void = { _ = try? await attempt.finish(timeout: .seconds(10)) }()
            do {
                let page = try await CurlTransport(timeout: .seconds(30)).send(TransportRequest(url: url))
                #expect(page.status == 200, "run \(run)")
                let html = String(decoding: page.body, as: UTF8.self)
                #expect(html.contains("You can close this tab") && html.hasSuffix("</html>"), "run \(run): \(html)")
            } catch {
                Issue.record("run \(run): the browser got no page (\(error))")
            }
            await login
        }
    }
}
