import CCurl
import Foundation
import Synchronization

/// What one libcurl exchange gave: its CURLcode, and the response or why there is none.
struct CurlOutcome: Sendable {
    var code: Int32
    var status: Int
    var verifyResult: Int
    var error: String
    var headers: [String: String]
    var body: Data
    var bodyTooLarge: Bool
}

/// One exchange on a thread of its own (libcurl blocks), which a cancelled task leaves at
/// once: the exchange is told to stop and ends by itself, its outcome unread.
final class CurlCall: Sendable {
    /// The C call's address (what cancels the exchange); freed with the last reference.
    private let address: Int
    private let waiter = Mutex<CheckedContinuation<CurlOutcome?, Never>?>(nil)

    private init?() {
        guard let call = margin_curl_call_new() else { return nil }
        address = Int(bitPattern: call)
    }

    deinit {
        margin_curl_call_free(OpaquePointer(bitPattern: address))
    }

    static func perform(_ request: TransportRequest, timeout: Duration, trust: TrustRoots, maxBody: Int) async throws -> CurlOutcome {
        guard let call = CurlCall() else { throw SpotifyError.unreachable(endpoint: request.endpoint, reset: false) }
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<CurlOutcome?, Never>) in
                call.waiter.withLock { $0 = continuation }
                if Task.isCancelled { call.stop() }
                Thread.detachNewThread {
                    let outcome = call.exchange(request, timeout: timeout, trust: trust, maxBody: maxBody)
                    call.waiter.withLock { $0.take() }?.resume(returning: outcome)
                }
            }
        } onCancel: {
            call.stop()
        }
        guard let outcome else { throw SpotifyError.cancelled }
        return outcome
    }

    /// Stops the exchange and the wait on it.
    private func stop() {
        margin_curl_call_cancel(OpaquePointer(bitPattern: address))
        waiter.withLock { $0.take() }?.resume(returning: nil)
    }

    /// The exchange itself, blocking this thread.
    private func exchange(_ request: TransportRequest, timeout: Duration, trust: TrustRoots, maxBody: Int) -> CurlOutcome {
        // An empty value is written "Name;": "Name:" would tell libcurl to leave the header out.
        var lines = request.headers.map { $0.value.isEmpty ? "\($0.key);" : "\($0.key): \($0.value)" }
        let names = Set(request.headers.keys.map { $0.lowercased() })
        // A PUT or POST without a body says so ("Content-Length: 0"): some servers refuse one
        // that does not with 411.
        let body = request.body ?? (["PUT", "POST", "PATCH"].contains(request.method) ? Data() : nil)
        if body != nil {
            // libcurl adds these to a body of its own accord; margin sends what it set, only.
            if !names.contains("content-type") { lines.append("Content-Type:") }
            if !names.contains("expect") { lines.append("Expect:") }
        }
        let strings = lines.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        let pointers = strings.map { $0.map { UnsafePointer($0) } }
        var response = margin_curl_response()
        let direct = ClearTextPolicy.isLoopback(host: request.url.host ?? "")
        (body ?? Data()).withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            pointers.withUnsafeBufferPointer { headers in
                request.method.withCString { method in
                    request.url.absoluteString.withCString { url in
                        withOptionalCString(trust.file) { file in
                            withOptionalCString(trust.directory ?? (trust.file == nil ? Self.systemDirectory : nil)) { directory in
                                var outgoing = margin_curl_request(
                                    method: method, url: url, headers: headers.baseAddress, header_count: headers.count,
                                    body: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), body_length: bytes.count,
                                    has_body: body == nil ? 0 : 1, timeout_ms: timeout.milliseconds,
                                    ca_file: file, ca_directory: directory, max_body: maxBody, direct: direct ? 1 : 0)
                                margin_curl_perform(OpaquePointer(bitPattern: address), &outgoing, &response)
                            }
                        }
                    }
                }
            }
        }
        defer { margin_curl_response_free(&response) }
        let error = withUnsafeBytes(of: response.error) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        return CurlOutcome(
            code: response.code, status: response.status, verifyResult: response.verify_result, error: error,
            headers: Self.headers(UnsafeRawBufferPointer(start: response.headers, count: response.headers_length)),
            body: response.body.map { Data(bytes: $0, count: response.body_length) } ?? Data(),
            bodyTooLarge: response.body_too_large != 0)
    }

    /// The system's roots as a directory of hashed certificates, where the system keeps one
    /// (Debian's /etc/ssl/certs): OpenSSL then reads the one CA a chain needs, not the whole
    /// bundle of some 140, which OpenSSL 3.0 takes tens of milliseconds to parse. Elsewhere nil,
    /// and libcurl's own default.
    static let systemDirectory: String? = {
        let directory = "/etc/ssl/certs"
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory),
              entries.contains(where: { $0.count == 10 && $0.hasSuffix(".0") })
        else { return nil }
        return directory
    }()

    /// Whether every header can be sent as it is: no CR, LF or NUL in a name or a value, which
    /// would end the header early and start another one.
    static func sendable(_ headers: [String: String]) -> Bool {
        headers.allSatisfy { name, value in
            !name.isEmpty && !(name + value).utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 } && !name.contains(":")
        }
    }

    /// A header block's fields, names lowercased; of a repeated one the last.
    static func headers(_ block: UnsafeRawBufferPointer) -> [String: String] {
        var fields: [String: String] = [:]
        for line in String(decoding: block, as: UTF8.self).split(whereSeparator: { $0 == "\r\n" || $0 == "\n" }) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            guard !name.isEmpty, !name.hasPrefix("http/") else { continue }
            fields[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }
}

private func withOptionalCString<Result>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> Result) -> Result {
    guard let string else { return body(nil) }
    return string.withCString { body($0) }
}
