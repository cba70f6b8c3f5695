import Foundation
import Hummingbird
import Logging
import NIOCore

/// `GET /metrics` on its own listener (`--metrics-listen`), so that the counters need not be
/// exposed where clients reach the service.
func buildMetricsApplication(host: String, port: Int, metrics: ServiceMetrics, logger: Logger,
                             onListening: @escaping @Sendable (URL) async -> Void) -> some ApplicationProtocol {
    let router = Router()
    router.get("/metrics") { _, _ in
        Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: metrics.exposition())))
    }
    return Application(
        router: router, server: .http1(configuration: .init(idleTimeout: .seconds(30))),
        configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
        onServerRunning: { channel in
            if let url = listeningURL(scheme: "http", host: host, port: channel.localAddress?.port ?? port) { await onListening(url) }
        },
        logger: logger)
}
