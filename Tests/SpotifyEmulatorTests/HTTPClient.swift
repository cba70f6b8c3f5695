import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP answer, as the tests look at it.
struct HTTPReply: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object (nil when it is not one).
    var object: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }

    /// A header by case-insensitive name.
    func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// `error.message` of a Web API error body.
    var errorMessage: String? { (object?["error"] as? [String: Any])?["message"] as? String }
    /// `error.reason` of a Web API error body.
    var errorReason: String? { (object?["error"] as? [String: Any])?["reason"] as? String }
}

/// Refuses redirects, so tests can read `/authorize`'s `Location`.
final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

/// Talks to a running emulator over real HTTP.
struct HTTPClient: Sendable {
    let base: URL
    let session: URLSession

    /// 30 s by default: the whole suite at once on two cores can keep an answer waiting.
    init(base: URL, timeout: TimeInterval = 30) {
        self.base = base
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        self.session = URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
    }

    /// Sends a request; `path` may carry a query string.
    func send(
        _ method: String, _ path: String, token: String? = nil,
        headers: [String: String] = [:], body: Data? = nil
    ) async throws -> HTTPReply {
        guard let url = URL(string: base.absoluteString + path) else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name] = value }
        }
        return HTTPReply(status: http.statusCode, headers: fields, body: data)
    }

    func get(_ path: String, token: String? = nil) async throws -> HTTPReply {
        try await send("GET", path, token: token)
    }

    /// A form POST, as `/api/token` wants it.
    func postForm(_ path: String, _ fields: [(String, String)]) async throws -> HTTPReply {
        let body = fields.map { "\($0.0)=\(formEncode($0.1))" }.joined(separator: "&")
        return try await send("POST", path, headers: ["Content-Type": "application/x-www-form-urlencoded"],
                              body: Data(body.utf8))
    }

    /// A JSON request body.
    func sendJSON(_ method: String, _ path: String, token: String? = nil, _ json: String) async throws -> HTTPReply {
        try await send(method, path, token: token, headers: ["Content-Type": "application/json"], body: Data(json.utf8))
    }
}

/// Percent-encodes a form or query value.
func formEncode(_ value: String) -> String {
    let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
}
