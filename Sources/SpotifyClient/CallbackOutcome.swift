import Foundation

/// What came back on the redirect URI, already checked against the expected `state`.
public enum CallbackOutcome: Sendable, Equatable {
    /// An authorization code with the right `state`.
    case code(String)
    /// Spotify (or the user) refused: `error=access_denied` and friends.
    case denied(String)
    /// `state` was missing or did not match: possibly a forged request.
    case stateMismatch
    /// Neither `code` nor `error`: a favicon or other stray request, to be ignored.
    case ignored

    /// Classifies a callback's query string.
    public static func classify(query: String?, expectedState: String) -> CallbackOutcome {
        let items = FormEncoding.decode(query ?? "")
        let code = items["code"].flatMap { $0.isEmpty ? nil : $0 }
        let error = items["error"].flatMap { $0.isEmpty ? nil : $0 }
        guard code != nil || error != nil else { return .ignored }
        guard let state = items["state"], constantTimeEquals(state, expectedState) else { return .stateMismatch }
        if let error { return .denied(error) }
        return code.map(CallbackOutcome.code) ?? .ignored
    }

    /// Classifies a redirect URL the user pasted (SSH sessions), or nil if it is not one.
    public static func classify(pastedURL text: String, expectedState: String) -> CallbackOutcome? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let components = URLComponents(string: trimmed), components.scheme != nil else { return nil }
        let outcome = classify(query: components.percentEncodedQuery, expectedState: expectedState)
        return outcome == .ignored ? nil : outcome
    }

    private static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
