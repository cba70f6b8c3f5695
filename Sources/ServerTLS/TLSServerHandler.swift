import NIOCore

/// TLS on a server's connection, through OpenSSL over memory (``TLSSession``): what the peer
/// sends is decrypted before the handlers after it see it, and what they write is encrypted.
/// A failed handshake or a broken record closes the connection.
final class TLSServerHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let session: TLSSession
    private var closing = false
    /// A record is at most 16 KiB of plaintext.
    private static let chunk = 16 * 1024
    private var scratch = [UInt8](repeating: 0, count: chunk)

    init(session: TLSSession) {
        self.session = session
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        guard !closing else { return }
        let fed = bytes.withUnsafeReadableBytes { session.feed($0) }
        guard fed else { return fail(context) }
        while true {
            // Decrypted into the handler's own record-sized buffer, and copied out at the size
            // it came to: the last pass of every read finds nothing, and allocates nothing.
            let outcome = scratch.withUnsafeMutableBytes { session.read(into: $0) }
            switch outcome {
            case .plaintext(let count):
                let plaintext = context.channel.allocator.buffer(bytes: scratch[..<count])
                context.fireChannelRead(wrapInboundOut(plaintext))
                continue
            case .needMore:
                // The handshake's answers, if any.
                sendPending(context, promise: nil, flush: true)
            case .closed:
                // The peer ended TLS: answer in kind, and close.
                closing = true
                session.close()
                sendPending(context, promise: nil, flush: true)
                context.close(promise: nil)
            case .failed:
                fail(context)
            }
            return
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let bytes = unwrapOutboundIn(data)
        guard !closing, bytes.withUnsafeReadableBytes({ session.write($0) }) else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        sendPending(context, promise: promise, flush: false)
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        if mode == .all, !closing {
            closing = true
            session.close()
            sendPending(context, promise: nil, flush: true)
        }
        context.close(mode: mode, promise: promise)
    }

    /// Writes what waits to go to the peer (the promise succeeds once it is written, or at
    /// once when nothing waits).
    private func sendPending(_ context: ChannelHandlerContext, promise: EventLoopPromise<Void>?, flush: Bool) {
        let pending = session.pending
        guard pending > 0 else {
            promise?.succeed()
            if flush { context.flush() }
            return
        }
        var cipher = context.channel.allocator.buffer(capacity: pending)
        cipher.writeWithUnsafeMutableBytes(minimumWritableBytes: pending) { buffer in
            session.take(into: UnsafeMutableRawBufferPointer(rebasing: buffer.prefix(pending)))
        }
        if flush {
            context.writeAndFlush(wrapOutboundOut(cipher), promise: promise)
        } else {
            context.write(wrapOutboundOut(cipher), promise: promise)
        }
    }

    /// A handshake or record that failed: whatever alert OpenSSL made goes out, then the connection closes.
    private func fail(_ context: ChannelHandlerContext) {
        closing = true
        sendPending(context, promise: nil, flush: true)
        context.close(promise: nil)
    }
}
