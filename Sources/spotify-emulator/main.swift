import ArgumentParser
import FileSafety
import Foundation
import SpotifyEmulator

/// `spotify-emulator [--port N] [--scenario FILE] [--tls [--ca-out FILE]]`: serves the emulator
/// until SIGINT/SIGTERM. A bad scenario file exits 64, a port it cannot listen on 1, each with
/// one line on stderr.
@main
struct SpotifyEmulatorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spotify-emulator",
        abstract: "A local stand-in for Spotify's accounts service and Web API (docs/emulator.md)."
    )

    @Option(help: "Port on 127.0.0.1 to listen on; 0 picks a free one.")
    var port: Int = 0

    @Option(help: "Scenario JSON file (docs/emulator.md); every key optional.")
    var scenario: String?

    @Flag(help: "Serve HTTPS with a certificate for 127.0.0.1 and localhost from a CA made at start.")
    var tls = false

    @Option(help: "With --tls, write the CA's certificate (PEM) here, for SSL_CERT_FILE or curl --cacert.")
    var caOut: String?

    func validate() throws {
        if caOut != nil, !tls { throw ValidationError("--ca-out needs --tls") }
        if !(0...65535).contains(port) { throw ValidationError("--port \(port) is not a port; use 1 to 65535, or 0 for a free one") }
    }

    func run() async throws {
        let loaded: Scenario
        do {
            loaded = try loadScenario()
        } catch {
            // One line on stderr and EX_USAGE, so scripts can tell a bad file from a crash.
            FileHandle.standardError.write(Data("spotify-emulator: \(error)\n".utf8))
            throw ExitCode(64)
        }
        // Shells start background jobs with SIGINT ignored; restore the default so that
        // `kill -INT` stops the emulator whichever way it was launched.
        Signals.restoreDefault(SIGINT)
        let identity = try tls ? serverIdentity() : nil
        let emulator = SpotifyEmulator(scenario: loaded)
        do {
            try await emulator.run(port: port, tls: identity) { url in
                FileHandle.standardOutput.write(Data("spotify-emulator listening on \(url.absoluteString)\n".utf8))
            }
        } catch SpotifyEmulator.StartError.cannotListen(let port, let code) {
            // One line and exit 1, as for a bad scenario: which port, why, and what to do.
            FileHandle.standardError.write(Data("spotify-emulator: \(Self.cannotListen(port: port, code: code))\n".utf8))
            throw ExitCode(1)
        }
    }

    /// Why 127.0.0.1:`port` could not be listened on, and the remedy.
    static func cannotListen(port: Int, code: Int32) -> String {
        let remedy = "choose another port with --port N (--port 0 picks a free one)"
        if code == EADDRINUSE {
            return "port \(port) on 127.0.0.1 is taken (another spotify-emulator may be running there): stop what listens there, or \(remedy)"
        }
        return "cannot listen on 127.0.0.1:\(port) (\(String(cString: strerror(code)))): \(remedy)"
    }

    /// A fresh CA (written to `--ca-out`) and the server certificate it signs.
    private func serverIdentity() throws -> ServerIdentity {
        let authority = try TestAuthority()
        if let caOut {
            do { try AtomicFile.write(Data(try authority.pem().utf8), to: caOut) } catch {
                FileHandle.standardError.write(Data("spotify-emulator: cannot write --ca-out \(caOut): \(error.localizedDescription)\n".utf8))
                throw ExitCode(1)
            }
        }
        return try authority.issue()
    }

    /// The scenario from `--scenario`, or the default one.
    private func loadScenario() throws -> Scenario {
        guard let path = scenario else { return Scenario() }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw LoadError("cannot read scenario file \(path)")
        }
        let decoded: Scenario
        do {
            decoded = try JSONDecoder().decode(Scenario.self, from: data)
        } catch {
            throw LoadError("scenario file \(path) is not a valid scenario: \(Self.describe(error))")
        }
        do {
            try decoded.validate()
        } catch {
            throw LoadError("scenario file \(path): \(error.message)")
        }
        return decoded
    }

    /// A decoding error in one line: what was wrong and at which key.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .dataCorrupted(let context), .keyNotFound(_, let context),
             .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            let reason = underlying ?? context.debugDescription
            return path.isEmpty ? reason : "\(path): \(reason)"
        @unknown default:
            return "\(error)"
        }
    }
}

/// A scenario file problem, printed as is.
struct LoadError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
