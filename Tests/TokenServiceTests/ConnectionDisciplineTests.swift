import Foundation
import Testing
import TestSupport
@testable import TokenService

@Suite("connection discipline: caps and deadlines per connection")
struct ConnectionDisciplineTests {
    static func start(_ configure: @escaping (inout ServiceConfiguration) -> Void) async throws -> ServiceHarness {
        try await ServiceHarness.start { configuration in
            configuration.headerTimeout = .seconds(1)
            configuration.bodyTimeout = .seconds(1)
            configure(&configuration)
        }
    }

    func port(_ harness: ServiceHarness) -> Int { harness.server.url.port ?? 0 }

    /// How long a close is waited for before the test gives up: only a service that never closes
    /// reaches it, so it is far past any deadline under test, and a loaded machine does not fail.
    static let never = Duration.seconds(60)

    @Test("a connection that sends no request is closed after --header-timeout")
    func headerTimeout() async throws {
        try await using(try await Self.start { _ in }) { harness in
            let socket = try RawSocket(port: port(harness))
            socket.send("GET /healthz HTTP/1.1\r\nHost: x\r\n")
            #expect(await socket.readToClose(within: Self.never) != nil, "still open long after the 1 s header timeout")
        }
    }

    @Test("a body sent a byte at a time is cut off after --body-timeout, however steadily it trickles")
    func bodyTimeout() async throws {
        try await using(try await Self.start { _ in }) { harness in
            let socket = try RawSocket(port: port(harness))
            // A body far longer than the trickle can send before the deadline; one byte every
            // 200 ms until the service closes, so a timeout that restarts on every byte would never
            // end it. Only the body timeout can; the wait's deadline is for a service that never does.
            socket.send("POST /refresh HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n")
            let trickle = Task {
                while !Task.isCancelled, socket.send("a") { try? await Task.sleep(for: .milliseconds(200)) }
            }
            let closed = await socket.readToClose(within: Self.never)
            trickle.cancel()
            #expect(closed != nil, "still open while the body trickles past the 1 s body timeout")
            #expect(await harness.upstreamCount() == 0)
        }
    }

    @Test("at --max-connections the longest idle connection gives way, and /healthz still answers")
    func evictsIdle() async throws {
        try await using(try await Self.start { $0.maxConnections = 8; $0.headerTimeout = .seconds(600) }) { harness in
            var idle: [RawSocket] = []
            for _ in 0..<20 { idle.append(try RawSocket(port: port(harness))) }
            // The service accepts from its backlog in its own time: until all 20 are admitted,
            // a probe's connection could be the oldest one waiting for a head when the rest
            // arrive, and give way to them.
            try await waitUntil("the service admitted the 20 idle connections") {
                harness.server.tracker.evictions >= 12
            }
            for _ in 0..<3 {
                let reply = try await harness.get("/healthz")
                #expect(reply.status == 200)
            }
            #expect(harness.server.tracker.count <= 8)
            #expect(harness.server.tracker.evictions >= 12)
            #expect(await idle[0].readToClose(within: Self.never) != nil, "the oldest idle connection was closed")
        }
    }

    @Test("an HTTP/1.0 client gets Connection: close and the connection is closed after the answer")
    func http10() async throws {
        try await using(try await Self.start { $0.headerTimeout = .seconds(600) }) { harness in
            let socket = try RawSocket(port: port(harness))
            socket.send("GET /healthz HTTP/1.0\r\n\r\n")
            let reply = try #require(await socket.readToClose(within: Self.never), "the connection stayed open after the answer")
            #expect(reply.hasPrefix("HTTP/1.1 200") || reply.hasPrefix("HTTP/1.0 200"))
            #expect(reply.lowercased().contains("connection: close"))
            #expect(reply.contains(#"{"status":"ok"}"#))
        }
    }

    @Test("HTTP/1.1 keeps the connection for a second request")
    func keepAlive() async throws {
        try await using(try await Self.start { $0.headerTimeout = .seconds(2) }) { harness in
            let socket = try RawSocket(port: port(harness))
            socket.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let reply = try #require(await socket.readToClose(within: Self.never))
            #expect(reply.components(separatedBy: #"{"status":"ok"}"#).count == 3)
        }
    }
}
