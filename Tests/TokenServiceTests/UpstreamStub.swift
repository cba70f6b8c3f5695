import Foundation
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// A misbehaving Spotify token endpoint on 127.0.0.1: `POST /api/token` answers as `behaviour`
/// says, and every request that reaches it is counted, with the form it carried.
final class UpstreamStub: Sendable {
    enum Behaviour: Sendable {
        /// 200 with a token reply of `length` bytes announced, sent one byte per `every`.
        case trickle(every: Duration)
        /// `status` with `Location` pointing back at this stub's `/elsewhere`.
        case redirect(status: Int)
    }

    let url: URL
    private let shared: Shared
    private let task: Task<Void, any Error>

    private init(url: URL, shared: Shared, task: Task<Void, any Error>) {
        self.url = url
        self.shared = shared
        self.task = task
    }

    /// Paths of the requests that arrived, in order.
    var seen: [String] { shared.requests.withLock { $0 } }

    static func start(_ behaviour: Behaviour) async throws -> UpstreamStub {
        let shared = Shared()
        let router = Router()
        router.post("/api/token") { _, _ -> Response in
            shared.record("/api/token")
            switch behaviour {
            case .trickle(let every):
                let reply = Array(#"{"access_token":"BQtrickled","token_type":"Bearer","expires_in":3600}"#.utf8)
                return Response(status: .ok, headers: [.contentType: "application/json", .contentLength: String(reply.count)],
                                body: ResponseBody { writer in
                                    for byte in reply {
                                        try await writer.write(ByteBuffer(bytes: [byte]))
                                        // A trickling upstream: the pace is the input.
                                        try await Task.sleep(for: every)
                                    }
                                    try await writer.finish(nil)
                                })
            case .redirect(let status):
                let location = (shared.url?.absoluteString ?? "") + "/elsewhere"
                return Response(status: .init(code: status), headers: [.location: location, .contentLength: "0"])
            }
        }
        router.post("/elsewhere") { _, _ -> Response in
            shared.record("/elsewhere")
            return Response(status: .ok, headers: [.contentType: "application/json"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"access_token":"BQredirected","token_type":"Bearer","expires_in":3600}"#)))
        }
        let (urls, listening) = AsyncStream<URL>.makeStream()
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { channel in
                                  if let port = channel.localAddress?.port, let url = URL(string: "http://127.0.0.1:\(port)") {
                                      listening.yield(url)
                                  }
                                  listening.finish()
                              },
                              logger: Logger(label: "upstream-stub") { _ in SwiftLogNoOpLogHandler() })
        let task = Task { try await app.runService() }
        var iterator = urls.makeAsyncIterator()
        guard let url = await iterator.next() else { throw URLError(.cannotConnectToHost) }
        shared.set(url)
        return UpstreamStub(url: url, shared: shared, task: task)
    }

    func stop() {
        task.cancel()
    }

    /// What the route closures and the stub share.
    private final class Shared: Sendable {
        let requests = Mutex<[String]>([])
        private let address = Mutex<URL?>(nil)
        var url: URL? { address.withLock { $0 } }
        func set(_ url: URL) { address.withLock { $0 = url } }
        func record(_ path: String) { requests.withLock { $0.append(path) } }
    }
}
