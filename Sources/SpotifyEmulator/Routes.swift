import Hummingbird

/// Builds the emulator's router: accounts service, Web API and control API on one server.
enum Routes {
    /// Every route, behind `EmulatorMiddleware` (faults, log, error bodies).
    static func router(state: EmulatorState) -> Router<EmulatorContext> {
        let router = Router(context: EmulatorContext.self)
        // Added first so it also wraps the not-found responder.
        router.add(middleware: EmulatorMiddleware(state: state))
        addAccounts(to: router, state: state)
        addPlayer(to: router, state: state)
        addCatalog(to: router, state: state)
        addLibrary(to: router, state: state)
        addControl(to: router, state: state)
        return router
    }

    /// Checks the bearer token of a Web API request (401 otherwise).
    static func authenticate(_ request: Request, _ state: EmulatorState) async throws {
        try await state.authenticate(request.headers[.authorization])
    }

    /// The request's query, decoded.
    static func query(_ request: Request) -> FormFields {
        FormFields(request.uri.query)
    }

    /// The request body as text (empty when there is none).
    static func bodyText(_ request: Request) async throws -> String {
        let buffer = try await request.body.collect(upTo: 1 << 20)
        return String(buffer: buffer)
    }

    /// A JSON body, or 204 when there is nothing (Spotify's idle player).
    static func jsonOrNoContent(_ value: JSON?) -> Response {
        value.map { Reply.json($0) } ?? Reply.noContent()
    }
}
