import CTLSServer
import Synchronization

/// A server's certificate chain and key, ready to serve TLS through OpenSSL's libssl (opened with
/// dlopen): TLS 1.2 and later only. One context serves every connection.
public final class TLSServerContext: Sendable {
    private let context: Mutex<OpaquePointer?>

    /// A context presenting `chain` (PEM, the server's certificate first) with `key` (PEM).
    public init(chainPEM: [UInt8], keyPEM: [UInt8]) throws(TLSServerError) {
        var reason: Int32 = 0
        var error = [CChar](repeating: 0, count: 256)
        guard let made = margin_tls_context_new(chainPEM.map { CChar(bitPattern: $0) }, chainPEM.count,
                                                keyPEM.map { CChar(bitPattern: $0) }, keyPEM.count, &reason, &error, error.count)
        else {
            let detail = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            switch Int(reason) {
            case Int(MARGIN_TLS_NO_CERTIFICATE): throw .noCertificate
            case Int(MARGIN_TLS_BAD_CERTIFICATE): throw .badCertificate(detail)
            case Int(MARGIN_TLS_BAD_KEY): throw .badKey(detail)
            case Int(MARGIN_TLS_KEY_MISMATCH): throw .keyMismatch
            default: throw .unavailable(detail)
            }
        }
        context = Mutex(made)
    }

    deinit {
        context.withLock { margin_tls_context_free($0) }
    }

    /// A new connection's TLS state.
    func session() -> TLSSession? {
        context.withLock { context in margin_tls_session_new(context).map(TLSSession.init) }
    }
}

/// Why a ``TLSServerContext`` could not be made.
public enum TLSServerError: Error, Equatable {
    /// OpenSSL cannot be loaded.
    case unavailable(String)
    /// No PEM certificate in the chain.
    case noCertificate
    /// A certificate OpenSSL cannot use.
    case badCertificate(String)
    /// Not a PEM private key OpenSSL can read.
    case badKey(String)
    /// The key is not the certificate's.
    case keyMismatch
}

/// One connection's TLS state: what the peer sent goes in, plaintext and what the peer is to be
/// sent come out. Used from the connection's event loop only.
final class TLSSession {
    private let session: OpaquePointer

    init(_ session: OpaquePointer) {
        self.session = session
    }

    deinit {
        margin_tls_session_free(session)
    }

    /// What came from the peer; false when it cannot be taken.
    func feed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        margin_tls_feed(session, bytes.baseAddress, bytes.count) == 0
    }

    enum Read {
        case plaintext(Int)
        case needMore
        case closed
        case failed(String)
    }

    /// Moves the handshake on and reads plaintext into `buffer`.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Read {
        // The reason's room on the stack: every read passes it, and few fail.
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { error in
            error.initialize(repeating: 0)
            let count = margin_tls_read(session, buffer.baseAddress, buffer.count, error.baseAddress, error.count)
            switch count {
            case 1...: return .plaintext(count)
            case 0: return .needMore
            case -2: return .closed
            default: return .failed(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
        }
    }

    /// Encrypts `bytes` for the peer; false on a failure.
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var error = [CChar](repeating: 0, count: 256)
        return margin_tls_write(session, bytes.baseAddress, bytes.count, &error, error.count) == 0
    }

    /// Queues a close_notify for the peer.
    func close() {
        margin_tls_close(session)
    }

    /// How many bytes wait to go to the peer.
    var pending: Int { margin_tls_pending(session) }

    /// Takes what waits to go to the peer into `buffer`; how many bytes.
    func take(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        margin_tls_take(session, buffer.baseAddress, buffer.count)
    }
}
