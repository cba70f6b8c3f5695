import Hummingbird

/// The accounts service: `GET /authorize` and `POST /api/token`.
extension Routes {
    static func addAccounts(to router: Router<EmulatorContext>, state: EmulatorState) {
        router.get("/authorize") { request, _ -> Response in
            let location = try await state.authorize(query(request))
            return Reply.redirect(to: location)
        }

        router.post("/api/token") { request, _ -> Response in
            let contentType = request.headers[.contentType]?.lowercased() ?? ""
            guard contentType.hasPrefix("application/x-www-form-urlencoded") else {
                throw Failure.oauth(
                    error: "invalid_request",
                    description: "Content-Type must be application/x-www-form-urlencoded"
                )
            }
            let form = FormFields(try await bodyText(request))
            let reply = try await state.token(form, authorization: request.headers[.authorization])
            return Reply.json(reply, headers: [.cacheControl: "no-store"])
        }
    }
}
