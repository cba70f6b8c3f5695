import Foundation
import SpotifyEmulator
import Synchronization
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built `margin-token-service` under pressure and misconfigured, as an operator meets it.
/// A reliability suite (its name says so): `make test` runs it on its own, after the other
/// end-to-end tests, since it times `/healthz` under a flood that a busy machine would distort.
@Suite("margin-token-service hardening, with the built binary", .serialized)
struct ReliabilityTokenServiceTests {
    @Test("/healthz answers every probe while 2,000 idle, half-closed and slow-body connections are held, with ulimit -n 1024")
    func flood() async throws {
        try Self.raiseOwnFileLimit(to: 4096)
        try await using(try await Sandbox.start(TokenServiceProcess.scenario())) { sandbox in
            // Warnings only: a line per refused request would fill the pipe the test reads at the end.
            let service = try await TokenServiceProcess.start(sandbox, arguments: ["--log-level", "warning"], fileLimit: 1024)
            let port = try #require(service.url.port)
            let flood = Flood(port: port)
            let done = flood.start(idle: 1000, halfClosed: 500, slowBody: 500)
            // Probe while the flood opens, then for 5 s with all of it held: from a second after the
            // last connect, once the service has accepted what the kernel queued for it.
            var opening: [Duration] = [], held: [Duration] = []
            var failures = 0
            let until = ContinuousClock.now + .seconds(60)
            var heldSince: ContinuousClock.Instant?
            while ContinuousClock.now < until {
                if heldSince == nil, flood.opened >= 2000 { heldSince = .now + .seconds(1) }
                // At least 5 s and 10 probes with the flood held.
                if let heldSince, heldSince.duration(to: .now) > .seconds(5), held.count >= 10 { break }
                let started = ContinuousClock.now
                let socket = try RawSocket(port: port)
                socket.send("GET /healthz HTTP/1.0\r\n\r\n")
                // While the flood opens, a probe competes with it for the service's accepts, which
                // pause at the connection cap until connections without a request head are evicted:
                // on a loaded machine that took over 3 s, so it gets 15 s; with the flood held, 5 s.
                let reply = await socket.readToClose(within: heldSince.map { started >= $0 } == true ? .seconds(5) : .seconds(15))
                if reply?.contains(#"{"status":"ok"}"#) == true {
                    if let heldSince, started >= heldSince { held.append(started.duration(to: .now)) } else { opening.append(started.duration(to: .now)) }
                } else {
                    failures += 1
                    print("flood: probe failed after \(started.duration(to: .now)) with \(flood.opened) opened: \(reply.map { "'\($0)'" } ?? "no answer")")
                }
                // The probes' pace is what the flood is measured against: a probe every 50 ms.
                try await Task.sleep(for: .milliseconds(50))
            }
            flood.stop()
            await done.value
            func summary(_ latencies: [Duration]) -> String {
                let ms = latencies.sorted().map { Double($0.components.seconds) * 1000 + Double($0.components.attoseconds) / 1e15 }
                guard let max = ms.last else { return "none" }
                return "\(ms.count) answered, p50 \(String(format: "%.1f", ms[ms.count / 2])) ms, max \(String(format: "%.1f", max)) ms"
            }
            print("flood: \(flood.opened) connections opened (\(flood.refused) refused); /healthz while opening: \(summary(opening)); "
                  + "while held: \(summary(held)); \(failures) probes failed")
            #expect(flood.opened >= 2000, "the flood could not open its connections")
            #expect(failures == 0)
            #expect(held.count >= 10)
            #expect((held.max() ?? .zero) < .seconds(2), "a probe waited \(held.max() ?? .zero) with the flood held")
            let (status, output) = await service.stop()
            #expect(status == 0)
            #expect(!output.contains("Too many open files"), "the service ran out of descriptors")
        }
    }

    @Test("with --tls-cert, TLS 1.0 and 1.1 handshakes are refused and TLS 1.2 and 1.3 accepted (openssl s_client)")
    func tlsVersions() async throws {
        try await using(try await Sandbox.start(TokenServiceProcess.scenario())) { sandbox in
            let identity = try TestAuthority().issue()
            let cert = sandbox.root + "/service-cert.pem", key = sandbox.root + "/service-key.pem"
            try Data(identity.certificatePEM.utf8).write(to: URL(fileURLWithPath: cert))
            try Data(identity.keyPEM.utf8).write(to: URL(fileURLWithPath: key))
            let service = try await TokenServiceProcess.start(sandbox, arguments: ["--tls-cert", cert, "--tls-key", key])
            let port = try #require(service.url.port)
            func handshake(_ version: String) async throws -> ProcessResult {
                try await MarginProcess.run(["s_client", "-connect", "127.0.0.1:\(port)", version, "-cipher", "DEFAULT@SECLEVEL=0"],
                                            environment: ["PATH": "/usr/bin:/bin"], stdin: "", executable: "/usr/bin/openssl",
                                            timeout: .seconds(30))
            }
            for version in ["-tls1", "-tls1_1"] {
                let result = try await handshake(version)
                #expect(result.status != 0, "\(version) was accepted: \(result.stdout)")
                #expect(!result.stdout.contains("BEGIN CERTIFICATE"), "\(version) got as far as the certificate")
            }
            for version in ["-tls1_2", "-tls1_3"] {
                let result = try await handshake(version)
                #expect(result.status == 0, "\(version) was refused: \(result.stderr)")
                #expect(result.stdout.contains("BEGIN CERTIFICATE"))
            }
            #expect(await service.stop().status == 0)
        }
    }

    /// The test process opens 2,000 sockets of its own and more: lift its soft limit (never
    /// past the hard one) if it is below `wanted`.
    static func raiseOwnFileLimit(to wanted: rlim_t) throws {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        guard limit.rlim_cur < wanted else { return }
        limit.rlim_cur = min(wanted, limit.rlim_max)
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        try #require(limit.rlim_cur >= 2500, "the hard open-file limit \(limit.rlim_max) is too low for 2,000 client sockets")
    }
}

/// 2,000 connections that hold sockets without finishing a request: silent ones, ones that
/// shut their sending side at once, and ones that send a head and then a body byte a second.
final class Flood: Sendable {
    let port: Int
    private let state = Mutex<(sockets: [RawSocket], slow: [RawSocket], refused: Int, stopped: Bool)>(([], [], 0, false))

    init(port: Int) { self.port = port }

    var opened: Int { state.withLock { $0.sockets.count } }
    var refused: Int { state.withLock { $0.refused } }

    /// Opens them all on a thread of its own (connecting blocks), then trickles the slow bodies
    /// until ``stop()``; the task ends with that thread.
    func start(idle: Int, halfClosed: Int, slowBody: Int) -> Task<Void, Never> {
        let (ended, finish) = AsyncStream<Void>.makeStream()
        Thread {
            self.open(idle: idle, halfClosed: halfClosed, slowBody: slowBody)
            finish.finish()
        }.start()
        return Task { for await _ in ended {} }
    }

    private func open(idle: Int, halfClosed: Int, slowBody: Int) {
        let kinds = Array(repeating: 0, count: idle) + Array(repeating: 1, count: halfClosed) + Array(repeating: 2, count: slowBody)
        for kind in kinds.shuffled() {
            if state.withLock({ $0.stopped }) { return }
            guard let socket = try? RawSocket(port: port) else {
                state.withLock { $0.refused += 1 }
                continue
            }
            switch kind {
            case 1: shutdown(socket.fd, Int32(SHUT_WR))
            case 2: socket.send("POST /refresh HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nr")
            default: break
            }
            state.withLock { state in
                state.sockets.append(socket)
                if kind == 2 { state.slow.append(socket) }
            }
        }
        while !state.withLock({ $0.stopped }) {
            for socket in state.withLock({ $0.slow }) { socket.send("e") }
            // A slow body is one byte a second: the pace is the attack.
            Thread.sleep(forTimeInterval: 1)
        }
    }

    func stop() {
        state.withLock { $0.stopped = true }
    }
}
