import HummingbirdCore
import Logging
import NIOCore

/// A server's child channel with TLS (``TLSServerHandler``) before `base`'s own setup.
public struct TLSServerChannel<Base: ServerChildChannel>: ServerChildChannel {
    public typealias Value = Base.Value

    private let base: Base
    private let context: TLSServerContext

    public init(_ base: Base, context: TLSServerContext) {
        self.base = base
        self.context = context
    }

    public func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            guard let session = context.session() else { throw ChannelError.ioOnClosedChannel }
            try channel.pipeline.syncOperations.addHandler(TLSServerHandler(session: session))
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }
    }

    public func handle(value: Base.Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension TLSServerChannel: HTTPChannelHandler where Base: HTTPChannelHandler {
    public var responder: HTTPChannelHandler.Responder { base.responder }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 over TLS with `context`.
    public static func http1(tls context: TLSServerContext, configuration: HTTP1Channel.Configuration = .init()) -> HTTPServerBuilder {
        .init { responder in
            TLSServerChannel(HTTP1Channel(responder: responder, configuration: configuration), context: context)
        }
    }
}
