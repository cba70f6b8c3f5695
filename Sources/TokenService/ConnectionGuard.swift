import NIOCore
import NIOHTTP1

/// Per-connection deadlines and bookkeeping, just after the HTTP/1 parser: a connection gets
/// `--header-timeout` to send a complete request head (from when it opens, and again after each
/// answer), then `--body-timeout` for the body; past either it is closed. Hummingbird's own
/// idle timeout restarts on every byte, so a client trickling its body would hold the socket
/// for ever. An HTTP/1.0 request, or one asking `Connection: close`, is answered with
/// `Connection: close` and the connection then closed.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    let tracker: ConnectionTracker
    let headerTimeout: TimeAmount
    let bodyTimeout: TimeAmount
    let metrics: ServiceMetrics?
    private var timer: Scheduled<Void>?
    /// Requests whose head has been read, and answers written, on this connection; a client may
    /// send its next request before the answer to the last (pipelining).
    private var requests = 0
    private var answers = 0
    /// The request after whose answer the connection closes.
    private var lastRequest: Int?
    private var started = false

    init(tracker: ConnectionTracker, headerTimeout: TimeAmount, bodyTimeout: TimeAmount, metrics: ServiceMetrics?) {
        self.tracker = tracker
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
        self.metrics = metrics
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        tracker.remove(context.channel)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            requests += 1
            if lastRequest == nil, head.version.major == 1 && head.version.minor == 0 || !head.isKeepAlive { lastRequest = requests }
            tracker.update(context.channel, to: .receivingBody)
            schedule(context, in: bodyTimeout, reason: "body")
        case .body:
            break
        case .end:
            cancelTimer()
            tracker.update(context.channel, to: .answering)
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let closing = lastRequest == answers + 1
        switch unwrapOutboundIn(data) {
        case .head(var head) where closing:
            head.headers.replaceOrAdd(name: "Connection", value: "close")
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end where closing:
            answers += 1
            let written = promise ?? context.eventLoop.makePromise()
            context.writeAndFlush(data, promise: written)
            written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        case .end:
            answers += 1
            context.write(data, promise: promise)
            // With a pipelined request already read, its own deadlines stand.
            guard answers == requests else { break }
            tracker.update(context.channel, to: .awaitingHead)
            schedule(context, in: headerTimeout, reason: "header")
        default:
            context.write(data, promise: promise)
        }
    }

    private func start(_ context: ChannelHandlerContext) {
        guard !started else { return }
        started = true
        schedule(context, in: headerTimeout, reason: "header")
    }

    private func schedule(_ context: ChannelHandlerContext, in amount: TimeAmount, reason: String) {
        cancelTimer()
        let metrics = self.metrics
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: amount) {
            metrics?.connectionTimedOut(reason)
            context.close(promise: nil)
        }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
    }
}

@available(*, unavailable)
extension ConnectionGuard: Sendable {}
