import Foundation
import Hummingbird

/// The control API under `/emulator`, for tests and demos (never logged, never faulted).
extension Routes {
    static func addControl(to router: Router<EmulatorContext>, state: EmulatorState) {
        let control = router.group("/emulator")
        control.get("/health") { _, _ in Reply.json(["ok": true]) }
        control.get("/state") { _, _ in try encoded(await state.liveScenario()) }
        control.get("/catalog") { _, _ in try encoded(CatalogSummary(await state.catalog)) }
        control.get("/requests") { _, _ in try encoded(await state.log) }
        control.delete("/requests") { _, _ in
            await state.clearLog()
            return ok
        }
        control.get("/secrets") { _, _ in try encoded(await state.tokens.secrets) }

        control.put("/scenario") { request, _ in
            let scenario = try await decoded(Scenario.self, from: request)
            try await refusing { () async throws(ScenarioError) in try await state.apply(scenario) }
            return ok
        }
        control.put("/player") { request, _ in
            let update = try await decoded(PlayerUpdate.self, from: request)
            try await refusing { () async throws(ScenarioError) in try await update.apply(to: state) }
            return ok
        }
        control.post("/faults") { request, _ in
            let fault = try await decoded(Fault.self, from: request)
            try await refusing { () async throws(ScenarioError) in try fault.validate() }
            await state.addFault(fault)
            return ok
        }
        control.delete("/faults") { _, _ in
            await state.clearFaults()
            return ok
        }
        control.post("/expire") { _, _ in
            await state.expireAccessTokens()
            return ok
        }
        control.post("/clock") { request, _ in
            let move = try await decoded(ClockMove.self, from: request)
            try await refusing { () async throws(ScenarioError) in try await state.advanceClock(by: .milliseconds(move.advanceMs)) }
            return ok
        }
        control.post("/revoke") { _, _ in
            await state.revokeAllTokens()
            return ok
        }
    }

    /// The body of `POST /emulator/clock`: how far to move the clock ahead.
    private struct ClockMove: Decodable {
        var advanceMs: Int
        enum CodingKeys: String, CodingKey { case advanceMs = "advance_ms" }
    }

    /// `{"ok":true}`, the answer to every control request that changes something.
    private static var ok: Response { Reply.json(["ok": true]) }

    private static func encoded(_ value: some Encodable) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(value), as: UTF8.self)
        return Reply.text(text, status: 200, contentType: "application/json; charset=utf-8")
    }

    /// Decodes a control body, answering 400 with the decoder's complaint when it does not fit.
    private static func decoded<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
        let text = try await bodyText(request)
        do {
            return try JSONDecoder().decode(T.self, from: Data(text.utf8))
        } catch {
            throw Failure.api(status: 400, message: "Invalid \(T.self) JSON: \(error)")
        }
    }

    /// Runs `change`, turning a `ScenarioError` into a 400.
    private static func refusing(_ change: () async throws(ScenarioError) -> Void) async throws(Failure) {
        do {
            try await change()
        } catch {
            throw .api(status: 400, message: error.message)
        }
    }
}
