import Foundation
import Hummingbird
import NIOCore

/// Runs around every route: applies queued faults, writes the request log and turns thrown
/// `Failure`s (and Hummingbird's own 404s) into Spotify's error bodies.
struct EmulatorMiddleware: RouterMiddleware {
    typealias Context = EmulatorContext
    let state: EmulatorState

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        // Control requests are neither logged nor faulted.
        if path == "/emulator" || path.hasPrefix("/emulator/") {
            return await EmulatorMiddleware.answer(request, context: context, next: next)
        }
        var request = request
        var grantType: String?
        if path == "/api/token" {
            // Read the body here so the log can name the grant without the route's help.
            let body = try await request.collectBody(upTo: 1 << 20)
            grantType = FormFields(String(buffer: body)).nonEmpty("grant_type")
        }
        var entry = LoggedRequest(
            method: request.method.rawValue, path: path, query: request.uri.query ?? "", status: 0, grantType: grantType
        )
        if path.hasPrefix("/v1/") {
            // Kept so that tests can hold each request to Spotify's OpenAPI description.
            let body = try await request.collectBody(upTo: 1 << 20)
            if body.readableBytes > 0 {
                entry.body = String(buffer: body.getSlice(at: body.readerIndex, length: min(body.readableBytes, 1 << 16)) ?? body)
                entry.contentType = request.headers[.contentType] ?? ""
            }
        }
        let response: Response
        if let fault = await state.takeFault(method: request.method.rawValue, path: path) {
            response = try await apply(fault, entry: entry, request: request, context: context, next: next)
        } else {
            response = await EmulatorMiddleware.answer(request, context: context, next: next)
        }
        entry.status = Int(response.status.code)
        await state.record(entry)
        return response
    }

    /// Carries out a fault. `hang` and `reset` log with status 0 and never answer.
    private func apply(
        _ fault: Fault, entry: LoggedRequest, request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let delay = fault.delayMs, delay > 0 {
            await waitWhileConnected(context.channel, milliseconds: delay)
        }
        switch fault.kind {
        case .status:
            let status = fault.status ?? 500
            let retryAfter = status == 429 ? (fault.retryAfter ?? 1) : fault.retryAfter
            let message = fault.message ?? Failure.defaultMessage(for: status)
            return Failure.api(status: status, message: message, reason: fault.reason, retryAfter: retryAfter).response
        case .delay:
            return await EmulatorMiddleware.answer(request, context: context, next: next)
        case .malformed:
            return Reply.text("{\"error\": {\"status\": 200, \"message\": <html>", status: 200,
                              contentType: "application/json; charset=utf-8")
        case .hang:
            await state.record(entry)
            await waitWhileConnected(context.channel, milliseconds: nil)
            try await context.channel.close()
            throw CancellationError()
        case .reset:
            await state.record(entry)
            try await EmulatorMiddleware.reset(context.channel)
            throw CancellationError()
        }
    }

    /// Sleeps `milliseconds` (forever when nil), returning early when the client hangs up,
    /// the task is cancelled or the emulator stops.
    private func waitWhileConnected(_ channel: any Channel, milliseconds: Int?) async {
        let deadline = milliseconds.map { ContinuousClock.now + .milliseconds($0) }
        while channel.isActive, !Task.isCancelled, !(await state.stopping) {
            if let deadline, ContinuousClock.now >= deadline { return }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Closes with SO_LINGER 0, so the client sees a TCP reset rather than a clean close.
    private static func reset(_ channel: any Channel) async throws {
        if let provider = channel as? any SocketOptionProvider {
            try? await provider.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get()
        }
        try await channel.close()
    }

    /// Calls the route, mapping thrown errors to Spotify-style responses.
    static func answer(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async -> Response {
        do {
            return try await next(request, context)
        } catch let failure as Failure {
            return failure.response
        } catch let error as HTTPError {
            let status = Int(error.status.code)
            let message = status == 404 ? "Service not found" : (error.body ?? Failure.defaultMessage(for: status))
            return Failure.api(status: status, message: message).response
        } catch {
            return Failure.api(status: 500, message: "Server error").response
        }
    }
}
