import Hummingbird

/// Builders for the emulator's HTTP responses.
enum Reply {
    /// A JSON body, `Content-Type: application/json; charset=utf-8` as Spotify sends it.
    static func json(_ value: JSON, status: Int = 200, headers: HTTPFields = [:]) -> Response {
        text(value.serialized, status: status, contentType: "application/json; charset=utf-8", headers: headers)
    }

    /// A body of `contentType`.
    static func text(_ body: String, status: Int, contentType: String, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = contentType
        return Response(
            status: HTTPResponse.Status(code: status),
            headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(string: body))
        )
    }

    /// 204 with no body: what the player commands and an idle player answer.
    static func noContent() -> Response {
        Response(status: .noContent)
    }

    /// A 302 to `location`, as `/authorize` answers once the "user" has decided.
    static func redirect(to location: String) -> Response {
        Response(status: .found, headers: [.location: location])
    }
}
