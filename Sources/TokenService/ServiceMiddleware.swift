import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOHTTP1

/// Runs around every route: rate limiting per client address, JSON errors only, a request id
/// on every answer, and one access log line per request (method, path, status, time, client;
/// never a body, query or header value).
struct ServiceMiddleware: RouterMiddleware {
    typealias Context = ServiceContext
    let limiter: RateLimiter
    let trustForwardedFor: Bool
    let metrics: ServiceMetrics?

    static let requestIDHeader = HTTPField.Name("X-Request-Id") ?? .cacheControl

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        let client = clientAddress(request, context: context)
        var response: Response
        // Health checks come from load balancers several times a minute: never limited.
        if request.uri.path != "/healthz", case .limited(let wait) = limiter.admit(RateLimitKey.of(client), at: started) {
            metrics?.rateLimitedRequest()
            response = ServiceFailure.rateLimited(retryAfter: wait).response
        } else {
            do {
                response = try await next(request, context)
            } catch let failure as ServiceFailure {
                response = failure.response
            } catch let error as HTTPError {
                response = ServiceFailure(error).response
            } catch is HTTPParserError {
                // A body cut short or malformed: the client's doing, and usually its connection is gone.
                context.logger.notice("request body could not be read")
                response = ServiceFailure.invalidRequest("the request body could not be read").response
            } catch {
                context.logger.error("request failed", metadata: ["error_type": "\(type(of: error))"])
                response = ServiceFailure(status: 500, error: "server_error", description: "the service failed; its log has the request id").response
            }
        }
        // Hummingbird's id for the request, which its logger's lines carry (not `context.id`,
        // which traps when a log handler keeps no metadata).
        response.headers[Self.requestIDHeader] = context.logger[metadataKey: "hb.request.id"].map { "\($0)" } ?? RequestID().description
        metrics?.request(path: request.uri.path, status: Int(response.status.code))
        let elapsed = started.duration(to: .now)
        context.logger.info("request", metadata: [
            "method": "\(request.method.rawValue)", "path": "\(request.uri.path)", "status": "\(response.status.code)",
            "ms": "\(String(format: "%.2f", RateLimit.seconds(elapsed) * 1000))", "client": "\(client)",
        ])
        return response
    }

    /// The connection's peer, or behind a trusted proxy the address it appended last to
    /// `X-Forwarded-For` (earlier entries are the client's own claims).
    func clientAddress(_ request: Request, context: Context) -> String {
        if trustForwardedFor, let header = request.headers[.xForwardedFor],
           let last = header.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty {
            return last
        }
        return context.remoteAddress?.ipAddress ?? "unknown"
    }
}

extension HTTPField.Name {
    static let xForwardedFor = HTTPField.Name("X-Forwarded-For") ?? .via
}
