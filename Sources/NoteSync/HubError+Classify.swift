import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO
import SyncHub

/// How a failure reaching the hub reads: PostgresNIO's and SwiftNIO's errors turned into ``HubError``s.
extension HubError {
    /// Classifies a PostgresNIO or SwiftNIO failure on `hub`.
    static func classify(_ error: any Error, hub: String, timeout: Duration = .seconds(30)) -> HubError {
        if let error = error as? HubError { return error }
        if let psql = error as? PSQLError {
            return classify(psql, hub: hub, timeout: timeout)
        }
        if error is NIOSSLError || error is BoringSSLError || error is NIOSSLExtraError {
            return .tls(hub: hub, detail: words(error))
        }
        return .unreachable(hub: hub, detail: words(error, timeout: timeout))
    }

    private static func classify(_ error: PSQLError, hub: String, timeout: Duration) -> HubError {
        switch error.code {
        case .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            let message = error.serverInfo?[.message] ?? "no message"
            // lock_timeout and statement_timeout, which margin sets to sync.timeout.
            if state == "55P03" { return .waited(hub: hub, what: "a lock another session holds", seconds: Int(timeout.components.seconds)) }
            if state == "57014" { return .waited(hub: hub, what: "a statement to finish", seconds: 2 * Int(timeout.components.seconds)) }
            if state.hasPrefix("28") { return .authentication(hub: hub, detail: message) }
            if state == "42501" { return .permission(hub: hub, detail: message) }
            if state.hasPrefix("08") || state.hasPrefix("57P") || state == "53300" {
                return .unreachable(hub: hub, detail: message)
            }
            return .server(hub: hub, detail: "\(message), SQLSTATE \(state)")
        case .authMechanismRequiresPassword:
            return .authentication(hub: hub, detail: "a password is required and none was found")
        case .unsupportedAuthMechanism, .saslError:
            return .authentication(hub: hub, detail: "the server asks for a login method margin cannot use")
        case .sslUnsupported:
            return .tls(hub: hub, detail: "the server does not offer TLS, which sslmode requires")
        case .failedToAddSSLHandler:
            return .tls(hub: hub, detail: error.underlying.map(words) ?? "TLS could not be set up")
        default:
            if let underlying = error.underlying {
                if underlying is NIOSSLError || underlying is BoringSSLError || underlying is NIOSSLExtraError {
                    return .tls(hub: hub, detail: words(underlying))
                }
                return .unreachable(hub: hub, detail: words(underlying, timeout: timeout))
            }
            return .unreachable(hub: hub, detail: "the connection closed")
        }
    }

    /// A short reading of a transport error.
    static func words(_ error: any Error, timeout: Duration) -> String {
        if let channel = error as? ChannelError, case .connectTimeout = channel {
            return "no answer within \(timeout.components.seconds) s, sync.timeout"
        }
        return words(error)
    }

    static func words(_ error: any Error) -> String {
        if let connect = error as? NIOConnectionError {
            return connect.connectionErrors.first.map { words($0.error) } ?? "the address could not be resolved"
        }
        if let io = error as? IOError {
            return String(cString: strerror(io.errnoCode)).lowercased()
        }
        if let channel = error as? ChannelError, case .connectTimeout = channel { return "timed out" }
        if case .handshakeFailed(let reason) = error as? NIOSSLError {
            return String(describing: reason).contains("CERTIFICATE_VERIFY_FAILED") ? "the certificate is not trusted" : "the TLS handshake failed"
        }
        if let extra = error as? NIOSSLExtraError, extra == .failedToValidateHostname {
            return "the certificate is for another name"
        }
        return String(describing: error).prefix(160).description
    }
}
