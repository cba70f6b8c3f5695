import Hummingbird
import NIOCore

/// The request context: Hummingbird's storage plus the connection's peer address, which the
/// rate limiter keys on.
public struct ServiceContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
    }
}
