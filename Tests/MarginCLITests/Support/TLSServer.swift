import Foundation
import Testing

/// A certificate and its key, made by the `openssl` command-line tool.
struct TestCertificate {
    let certificate: String
    let key: String

    /// A self-signed certificate for `subjectAltName` (`IP:127.0.0.1`, `DNS:spotify.invalid`),
    /// valid for a month from now, or for one day in 2020 when `expired`.
    static func make(in directory: String, name: String, subjectAltName: String, expired: Bool = false) async throws -> TestCertificate {
        let made = TestCertificate(certificate: "\(directory)/\(name).pem", key: "\(directory)/\(name)-key.pem")
        let subject = ["-subj", "/CN=\(subjectAltName.split(separator: ":").last ?? "margin-test")",
                       "-addext", "subjectAltName=\(subjectAltName)"]
        guard expired else {
            try await openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", made.key, "-out", made.certificate,
                         "-days", "30"] + subject)
            return made
        }
        // `req -x509` cannot date a certificate in the past; `ca -selfsign` can.
        let ca = "\(directory)/\(name)-ca"
        try FileManager.default.createDirectory(atPath: ca, withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: "\(ca)/index.txt"))
        try Data("01\n".utf8).write(to: URL(fileURLWithPath: "\(ca)/serial"))
        try Data("""
            [ca]
            default_ca = self
            [self]
            database = \(ca)/index.txt
            new_certs_dir = \(ca)
            serial = \(ca)/serial
            default_md = sha256
            policy = any
            copy_extensions = copy
            unique_subject = no
            [any]
            commonName = supplied
            """.utf8).write(to: URL(fileURLWithPath: "\(ca)/ca.cnf"))
        try await openssl(["req", "-new", "-newkey", "rsa:2048", "-nodes", "-keyout", made.key, "-out", "\(ca)/request.pem"] + subject)
        try await openssl(["ca", "-batch", "-config", "\(ca)/ca.cnf", "-selfsign", "-keyfile", made.key, "-in", "\(ca)/request.pem",
                     "-out", made.certificate, "-startdate", "20200101000000Z", "-enddate", "20200102000000Z", "-notext"])
        return made
    }

    /// Awaited, not waited for on a thread of the pool: the in-process emulator answers there,
    /// and a key takes openssl a while on a loaded machine.
    private static func openssl(_ arguments: [String]) async throws {
        let process = try ChildProcess("/usr/bin/openssl", arguments, environment: ProcessInfo.processInfo.environment)
        let status = await process.exit().status
        guard status == 0 else {
            throw ProcessTimeout(arguments: ["openssl"] + arguments + ["exit \(status)"])
        }
    }
}

/// `openssl s_server -www` on a free port of 127.0.0.1: a real TLS server that presents
/// `certificate` and answers any GET with its status page (HTML, not Spotify's JSON).
struct TLSServer {
    let process: ChildProcess
    let port: Int
    /// Its stdin, open until the server ends: at its end s_server would stop.
    let input: ChildPipe

    var url: String { "https://127.0.0.1:\(port)" }

    static func start(_ certificate: TestCertificate) async throws -> TLSServer {
        let input = try ChildPipe(), output = try ChildPipe()
        let process = try ChildProcess("/usr/bin/openssl", ["s_server", "-accept", "127.0.0.1:0", "-cert", certificate.certificate,
                                                            "-key", certificate.key, "-www"],
                                       environment: ProcessInfo.processInfo.environment,
                                       input: input.read, output: output.write, errors: output.write)
        try output.write.close()
        // It says where it listens once it does: "ACCEPT 127.0.0.1:40123".
        let said = try await OutputCollector(output.read).wait { $0.contains("ACCEPT") }
        let line = said.split(separator: "\n").first { $0.hasPrefix("ACCEPT") }
        guard let port = line.flatMap({ $0.split(separator: ":").last }).flatMap({ Int($0) }) else {
            process.send(SIGKILL)
            throw ProcessTimeout(arguments: ["openssl s_server did not start: \(said)"])
        }
        return TLSServer(process: process, port: port, input: input)
    }

    func stop() {
        process.send(SIGKILL)
        _ = process.waitUntilExit()
    }
}
