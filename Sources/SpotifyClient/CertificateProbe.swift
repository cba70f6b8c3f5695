import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import Synchronization

/// Explains a certificate chain that BoringSSL refused without saying why.
///
/// BoringSSL reports every refused chain as `CERTIFICATE_VERIFY_FAILED`. A second handshake
/// looks at the chain the server presents and compares its dates with the clock; that handshake
/// is always refused by margin's own callback, so the connection never carries a request and
/// verification is never weakened.
enum CertificateProbe {
    /// Expired or not yet valid when a certificate in `host:port`'s chain is outside its dates;
    /// otherwise (or when the probe learns nothing within `budget`) not trusted.
    static func reason(host: String, port: Int, budget: Duration) async -> TLSFailure {
        let seen = ValidityWindows()
        do {
            let context = try NIOSSLContext(configuration: .makeClientConfiguration())
            // As AsyncHTTPClient does: SNI carries names only, never an address.
            let serverName = (try? SocketAddress(ipAddress: host, port: port)) == nil ? host : nil
            let limit = budget.timeAmount
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(limit)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let handler = try NIOSSLClientHandler(
                            context: context, serverHostname: serverName,
                            customVerificationCallback: { (chain: [NIOSSLCertificate], verdict: EventLoopPromise<NIOSSLVerificationResult>) in
                                seen.record(chain.map { ($0.notValidBefore, $0.notValidAfter) })
                                verdict.succeed(.failed)
                            })
                        try channel.pipeline.syncOperations.addHandler(handler)
                    }
                }
                .connect(host: host, port: port).get()
            // The refused handshake closes the channel; a server that never answers is cut off.
            let cutOff = channel.eventLoop.scheduleTask(in: limit) { channel.close(promise: nil) }
            try? await channel.closeFuture.get()
            cutOff.cancel()
        } catch {
            // Nothing learnt: the refusal itself stands, reported as "not trusted".
        }
        return seen.reason(now: time(nil))
    }
}

/// The validity windows of the certificates a server presented.
private final class ValidityWindows: Sendable {
    private let windows = Mutex<[(notBefore: time_t, notAfter: time_t)]>([])

    func record(_ chain: [(time_t, time_t)]) {
        windows.withLock { $0 = chain.map { (notBefore: $0.0, notAfter: $0.1) } }
    }

    func reason(now: time_t) -> TLSFailure {
        windows.withLock { windows in
            if windows.contains(where: { now > $0.notAfter }) { return .expired }
            if windows.contains(where: { now < $0.notBefore }) { return .notYetValid }
            return .untrusted
        }
    }
}
