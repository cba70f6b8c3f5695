import SyncHub

/// How a failure reaching the hub reads: libpq's and the server's errors turned into ``HubError``s.
extension HubError {
    /// Classifies a failure on `hub`.
    static func classify(_ error: any Error, hub: String, timeout: Duration = .seconds(30)) -> HubError {
        if let error = error as? HubError { return error }
        if let value = error as? HubValueError {
            return .server(hub: hub, detail: "an answer margin cannot read: \(value)")
        }
        guard let failure = error as? HubConnection.Failure else {
            return .unreachable(hub: hub, detail: String(describing: error).prefix(160).description)
        }
        switch failure {
        case .server(let state, let message):
            return classify(state: state, message: message, hub: hub, timeout: timeout)
        case .connection(let message, let state?):
            return classify(state: state, message: message, hub: hub, timeout: timeout)
        case .connection(let message, nil):
            return classify(connection: message, hub: hub, timeout: timeout)
        case .timedOut:
            return .waited(hub: hub, what: "an answer", seconds: Int(timeout.components.seconds))
        case .woken:
            return .unreachable(hub: hub, detail: "the connection closed")
        case .unavailable(let reason):
            return .clientMissing(reason: reason)
        }
    }

    /// What the server said, by its SQLSTATE.
    private static func classify(state: String, message: String, hub: String, timeout: Duration) -> HubError {
        // lock_timeout and statement_timeout, which margin sets to sync.timeout.
        if state == "55P03" { return .waited(hub: hub, what: "a lock another session holds", seconds: Int(timeout.components.seconds)) }
        if state == "57014" { return .waited(hub: hub, what: "a statement to finish", seconds: 2 * Int(timeout.components.seconds)) }
        if state.hasPrefix("28") { return .authentication(hub: hub, detail: message) }
        if state == "42501" { return .permission(hub: hub, detail: message) }
        if state.hasPrefix("08") || state.hasPrefix("57P") || state == "53300" {
            return .unreachable(hub: hub, detail: message)
        }
        return .server(hub: hub, detail: "\(message), SQLSTATE \(state)")
    }

    /// What libpq said of a connection that failed before or without the server's word: its
    /// messages are the only account of it (libpq gives no codes for them).
    static func classify(connection message: String, hub: String, timeout: Duration) -> HubError {
        let detail = plain(message)
        let lower = detail.lowercased()
        if lower.contains("no password supplied") {
            return .authentication(hub: hub, detail: "a password is required and none was found")
        }
        if ["password authentication failed", "authentication failed", "pg_hba.conf", "authentication method"]
            .contains(where: lower.contains) || (lower.hasPrefix("role \"") && lower.hasSuffix("does not exist")) {
            return .authentication(hub: hub, detail: detail)
        }
        if lower.contains("certificate verify failed") { return .tls(hub: hub, detail: "the certificate is not trusted") }
        if lower.contains("does not match host name") { return .tls(hub: hub, detail: "the certificate is for another name") }
        if offersNoTLS(message) {
            return .tls(hub: hub, detail: "the server does not offer TLS, which sslmode requires")
        }
        if lower.contains("ssl") || lower.contains("certificate") { return .tls(hub: hub, detail: detail) }
        if lower.hasPrefix("database \"") && lower.hasSuffix("does not exist") {
            return .server(hub: hub, detail: "\(detail), SQLSTATE 3D000")
        }
        if lower.contains("timeout expired") || lower.contains("timed out") {
            return .unreachable(hub: hub, detail: "no answer within \(timeout.components.seconds) s, sync.timeout")
        }
        return .unreachable(hub: hub, detail: detail)
    }

    /// Whether libpq's `message` says the server offers no TLS: the one failure after which
    /// sslmode=prefer (or allow) tries again in the clear.
    static func offersNoTLS(_ message: String) -> Bool {
        message.lowercased().contains("server does not support ssl")
    }

    /// libpq's message without what margin's own says (`connection to server at "HOST" (ADDRESS),
    /// port N failed:`, `FATAL:`), its first letter lowered as the rest of margin's details are.
    static func plain(_ message: String) -> String {
        var text = Substring(message.split(separator: "\n", omittingEmptySubsequences: true).first ?? "")
        if text.hasPrefix("connection to server"), let failed = text.range(of: " failed: ") {
            text = text[failed.upperBound...]
        }
        for prefix in ["FATAL:", "ERROR:"] where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
        }
        text = text.drop { $0 == " " }
        while text.last == " " || text.last == "." { text = text.dropLast() }
        guard let first = text.first else { return "the connection closed" }
        // "Connection refused" as margin says it; "SSL error" and other names stay as they are.
        let second = text.dropFirst().first
        return second.map { $0.isLowercase } == true ? first.lowercased() + text.dropFirst() : String(text)
    }
}
