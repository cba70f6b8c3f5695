import Foundation
import SpotifyEmulator
import TestSupport
import Testing

/// Runs curl against `url` and returns the HTTP status it got, 0 when the TLS handshake failed.
private func curlStatus(_ url: String, caFile: String?) throws -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}"] + (caFile.map { ["--cacert", $0] } ?? []) + [url]
    let output = Pipe()
    process.standardOutput = output
    process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Int(String(decoding: data, as: UTF8.self)) ?? -1
}

/// A fresh CA with its PEM in a temporary directory, for `body`.
private func withAuthority(_ body: (TestAuthority, _ caFile: String, _ directory: String) async throws -> Void) async throws {
    let directory = try temporaryDirectory("margin-tls")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let authority = try TestAuthority()
    let caFile = directory + "/ca.pem"
    try Data(try authority.pem().utf8).write(to: URL(fileURLWithPath: caFile))
    try await body(authority, caFile, directory)
}

@Suite("Serving over HTTPS with a throwaway CA")
struct TLSTests {
    @Test("the emulator serves HTTPS for 127.0.0.1 and localhost, trusted through its CA and refused without it")
    func servesHTTPS() async throws {
        try await withAuthority { authority, ca, directory in
            let emulator = SpotifyEmulator()
            let base = try await emulator.start(tls: try authority.issue())
            // Stopped, awaited, however the checks end.
            let checked = Result { () throws -> Void in
                #expect(base.scheme == "https")
                let port = try #require(base.port)
                #expect(try curlStatus("https://127.0.0.1:\(port)/emulator/health", caFile: ca) == 200)
                #expect(try curlStatus("https://localhost:\(port)/emulator/health", caFile: ca) == 200)
                #expect(try curlStatus("https://127.0.0.1:\(port)/emulator/health", caFile: nil) == 0)
                let other = directory + "/other.pem"
                try Data(try TestAuthority(name: "another CA").pem().utf8).write(to: URL(fileURLWithPath: other))
                #expect(try curlStatus("https://127.0.0.1:\(port)/emulator/health", caFile: other) == 0)
            }
            await emulator.stop()
            try checked.get()
        }
    }

    @Test("certificates that must be refused: expired, and for another name")
    func refusedCertificates() async throws {
        try await withAuthority { authority, ca, _ in
            let past = Date().addingTimeInterval(-10 * 86_400)
            for identity in [try authority.issue(notBefore: past, notAfter: past.addingTimeInterval(86_400)),
                             try authority.issue(hosts: ["api.example.org"])] {
                let emulator = SpotifyEmulator()
                let base = try await emulator.start(tls: identity)
                let port = try #require(base.port)
                #expect(try curlStatus("https://127.0.0.1:\(port)/emulator/health", caFile: ca) == 0)
                await emulator.stop()
            }
        }
    }
}
