import Foundation
import Testing
@testable import SpotifyClient

@Suite("Login callback binding")
struct CallbackBindingTests {
    /// The local addresses (hex, as /proc/net/tcp writes them) listening on `port`.
    func listeners(port: Int) throws -> [String] {
        let ipv4 = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
        let ipv6 = (try? String(contentsOfFile: "/proc/net/tcp6", encoding: .utf8)) ?? ""
        let table = ipv4 + ipv6
        let hexPort = String(format: "%04X", port)
        return table.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count > 3, fields[3] == "0A" else { return nil }
            let local = fields[1].split(separator: ":")
            return local.count == 2 && local[1] == hexPort ? String(local[0]) : nil
        }
    }

    @Test("listens on the loopback address only, and not at all once done")
    func loopbackOnly() async throws {
        let server = try await CallbackServer.start(redirect: try RedirectURI("http://127.0.0.1/callback"), expectedState: "s") { _ in }
        #expect(try listeners(port: server.port) == ["0100007F"], "127.0.0.1, never 0.0.0.0")
        await server.stop()
        #expect(try listeners(port: server.port).isEmpty)
    }
}
