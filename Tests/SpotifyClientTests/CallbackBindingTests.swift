import Foundation
import Testing
@testable import SpotifyClient

@Suite("Login callback binding")
struct CallbackBindingTests {
    /// The local addresses (hex, as /proc/net/tcp writes them) listening on `port`.
    func listeners(port: Int) throws -> [String] {
        // procfs files report size 0: read them to EOF, not by their stat size.
        func read(_ path: String) -> String {
            String(decoding: (try? FileHandle(forReadingFrom: URL(fileURLWithPath: path)).readToEnd()) ?? Data(), as: UTF8.self)
        }
        let table = read("/proc/net/tcp") + read("/proc/net/tcp6")
        let hexPort = String(format: "%04X", port)
        return table.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count > 3, fields[3] == "0A" else { return nil }
            let local = fields[1].split(separator: ":")
            return local.count == 2 && local[1] == hexPort ? String(local[0]) : nil
        }
    }

    @Test("listens on the loopback address only, never on every address")
    func loopbackOnly() async throws {
        let server = try await CallbackServer.start(redirect: try RedirectURI("http://127.0.0.1/callback"), expectedState: "s") { _ in }
        let addresses = Result { try listeners(port: server.port) }
        await server.stop()
        #expect(try addresses.get().contains("0100007F"), "127.0.0.1")
        #expect(try !addresses.get().contains("00000000"), "never 0.0.0.0")
        #expect(try !addresses.get().contains(String(repeating: "0", count: 32)), "never [::]")
    }
}
