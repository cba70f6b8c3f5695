import Foundation
@testable import SpotifyClient

/// A unit-level test double: answers from a script and records what it was sent.
actor ScriptedTransport: HTTPTransport {
    enum Step { case respond(TransportResponse), fail(SpotifyError) }
    private var script: [Step]
    private(set) var sent: [TransportRequest] = []

    init(_ script: [Step]) { self.script = script }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        sent.append(request)
        guard !script.isEmpty else { return TransportResponse(status: 599) }
        switch script.removeFirst() {
        case .respond(let response): return response
        case .fail(let error): throw error
        }
    }

}

extension ScriptedTransport.Step {
    static func json(_ status: Int, _ body: String, headers: [String: String] = [:]) -> Self {
        .respond(TransportResponse(status: status, headers: headers, body: Data(body.utf8)))
    }
}

/// Records the sleeps a transport asks for instead of sleeping.
actor SleepLog {
    private(set) var sleeps: [Duration] = []
    func add(_ duration: Duration) { sleeps.append(duration) }
}
