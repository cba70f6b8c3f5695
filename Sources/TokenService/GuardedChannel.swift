import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 child channel (plain or TLS) with the service's connection discipline:
/// each accepted connection is admitted by the ``ConnectionTracker`` (which may close an idle
/// one to make room) and gets a ``ConnectionGuard`` right after the HTTP/1 parser.
///
/// Hummingbird's `additionalChannelHandlers` sit after its conversion to HTTP types, where the
/// request's HTTP version is gone; the guard needs it to close HTTP/1.0 connections.
struct GuardedChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base
    let tracker: ConnectionTracker
    let headerTimeout: TimeAmount
    let bodyTimeout: TimeAmount
    let metrics: ServiceMetrics?

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        guard tracker.admit(channel) else {
            channel.close(promise: nil)
            return channel.eventLoop.makeFailedFuture(ChannelError.ioOnClosedChannel)
        }
        let tracker = self.tracker
        channel.closeFuture.whenComplete { _ in tracker.remove(channel) }
        let (headerTimeout, bodyTimeout, metrics) = (self.headerTimeout, self.bodyTimeout, self.metrics)
        return base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let parser = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(ConnectionGuard(tracker: tracker, headerTimeout: headerTimeout, bodyTimeout: bodyTimeout,
                                                    metrics: metrics),
                                    position: .after(parser))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
