import CPostgres
import Dispatch
import FileSafety
import Glibc
import Synchronization

/// One connection to PostgreSQL through libpq, opened with dlopen when a sync starts.
///
/// libpq's calls block, so they run one at a time on a queue of the connection's own, never on
/// the threads Swift's tasks share. Every call waits at most its deadline; a wait for
/// notifications also ends when ``wake()`` is called, from any thread.
final class HubConnection: Sendable {
    /// How a call failed.
    enum Failure: Error {
        /// The server refused the statement.
        case server(sqlState: String, message: String)
        /// The connection failed or closed (`sqlState` when the server said why).
        case connection(String, sqlState: String?)
        /// The deadline passed first.
        case timedOut
        /// ``wake()`` was called.
        case woken
        /// libpq cannot be loaded.
        case unavailable(String)
    }

    private let handle: Mutex<OpaquePointer?>
    private let queue = DispatchQueue(label: "margin.hub")
    /// A pipe whose read end ends a wait for notifications once written to.
    private let wakeRead: Int32, wakeWrite: Int32

    private init(_ handle: sending OpaquePointer, wake: (read: Int32, write: Int32)) {
        self.handle = Mutex(handle)
        (wakeRead, wakeWrite) = wake
    }

    deinit {
        handle.withLock { margin_pq_finish($0) }
        Glibc.close(wakeRead)
        Glibc.close(wakeWrite)
    }

    /// A pipe for ``wake()``, neither end inherited by a child, its write end never blocking.
    private static func wakePipe() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
        return (fds[0], fds[1])
    }

    /// Connects with libpq's `parameters` (keyword, value), waiting at most `timeout` for the
    /// connection, TLS and the login together.
    static func connect(_ parameters: [(String, String)], timeout: Duration) async throws(Failure) -> HubConnection {
        let milliseconds = Int(timeout.wholeMilliseconds)
        let result: Result<HubConnection, Failure> = await onThread(DispatchQueue(label: "margin.hub.connect")) {
            var outcome = margin_pq_outcome()
            var connection: OpaquePointer?
            withCStrings(parameters.map(\.0)) { keywords in
                withCStrings(parameters.map(\.1)) { values in
                    margin_pq_connect(keywords, values, milliseconds, &connection, &outcome)
                }
            }
            guard let connection, outcome.code == Int32(MARGIN_PQ_OK) else { return .failure(Failure(outcome)) }
            guard let wake = wakePipe() else {
                margin_pq_finish(connection)
                return .failure(.connection(String(cString: strerror(errno)), sqlState: nil))
            }
            return .success(HubConnection(connection, wake: wake))
        }
        return try result.get()
    }

    /// Runs `sql` with `binds` as its text parameters ($1…), waiting at most `timeout`.
    func query(_ sql: String, binds: [String?], timeout: Duration) async throws(Failure) -> [HubRow] {
        let milliseconds = Int(timeout.wholeMilliseconds)
        let wake = wakeRead
        return try await call { connection in
            var outcome = margin_pq_outcome()
            withCStrings(binds) { parameters in
                margin_pq_query(connection, sql, Int32(binds.count), parameters, milliseconds, wake, &outcome)
            }
            return Self.rows(outcome)
        }.get()
    }

    /// Runs `sql`, a `COPY … FROM STDIN`, sending each buffer `write` hands over; an error
    /// `write` throws abandons the copy and comes out as it is.
    func copy(_ sql: String, timeout: Duration, _ write: ((([UInt8]) async throws -> Void)) async throws -> Void) async throws {
        let milliseconds = Int(timeout.wholeMilliseconds)
        let started: Result<[HubRow], Failure> = await call { connection in
            var outcome = margin_pq_outcome()
            margin_pq_query(connection, sql, 0, nil, milliseconds, -1, &outcome)
            return outcome.code == Int32(MARGIN_PQ_COPY_IN) ? .success([]) : .failure(Failure(outcome, expected: "a COPY"))
        }
        _ = try started.get()
        do {
            try await write { bytes in
                let sent: Result<[HubRow], Failure> = await call { connection in
                    var outcome = margin_pq_outcome()
                    bytes.withUnsafeBufferPointer { buffer in
                        buffer.withMemoryRebound(to: CChar.self) {
                            margin_pq_copy_put(connection, $0.baseAddress, $0.count, milliseconds, &outcome)
                        }
                    }
                    return outcome.code == Int32(MARGIN_PQ_OK) ? .success([]) : .failure(Failure(outcome))
                }
                _ = try sent.get()
            }
        } catch {
            if !(error is Failure) {
                _ = await call { connection in
                    var outcome = margin_pq_outcome()
                    margin_pq_copy_end(connection, "margin stopped the copy", milliseconds, &outcome)
                    return Result<[HubRow], Failure>.success([])
                }
            }
            throw error
        }
        _ = try await call { connection in
            var outcome = margin_pq_outcome()
            margin_pq_copy_end(connection, nil, milliseconds, &outcome)
            return Self.rows(outcome)
        }.get()
    }

    /// Waits for notifications on the channels listened to, calling `heard` once for each
    /// batch that arrives, until the connection fails or ``wake()`` is called.
    func notifications(_ heard: @escaping @Sendable () -> Void) async throws(Failure) {
        let wake = wakeRead
        while true {
            let result: Result<Int, Failure> = await call { connection in
                var outcome = margin_pq_outcome()
                let count = margin_pq_wait_notifications(connection, -1, wake, &outcome)
                return outcome.code == Int32(MARGIN_PQ_OK) ? .success(Int(count)) : .failure(Failure(outcome))
            }
            _ = try result.get()
            heard()
        }
    }

    /// Ends a wait for notifications, now or when one starts.
    func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Closes the connection; later calls fail as a closed connection's.
    func close() async {
        await Self.onThread(queue) { [self] in handle.withLock { margin_pq_finish($0); $0 = nil } }
    }

    /// `work` with the connection, on its queue.
    private func call<T: Sendable>(_ work: @escaping @Sendable (OpaquePointer) -> Result<T, Failure>) async -> Result<T, Failure> {
        await Self.onThread(queue) { [self] in
            handle.withLock { connection in
                guard let connection else { return .failure(.connection("the connection closed", sqlState: nil)) }
                return work(connection)
            }
        }
    }

    private static func onThread<T: Sendable>(_ queue: DispatchQueue, _ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }

    /// The rows of a statement's outcome, or its failure.
    private static func rows(_ outcome: margin_pq_outcome) -> Result<[HubRow], Failure> {
        guard outcome.code == Int32(MARGIN_PQ_OK) else { return .failure(Failure(outcome, expected: "rows")) }
        defer { margin_pq_result_free(outcome.result) }
        let (count, columns) = (Int(margin_pq_result_rows(outcome.result)), Int(margin_pq_result_columns(outcome.result)))
        var rows: [HubRow] = []
        rows.reserveCapacity(count)
        for row in 0..<count {
            var values: [String?] = []
            values.reserveCapacity(columns)
            for column in 0..<columns {
                var length: Int32 = 0
                let value = margin_pq_result_value(outcome.result, Int32(row), Int32(column), &length)
                values.append(value.map {
                    $0.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
                        String(decoding: UnsafeBufferPointer(start: $0, count: Int(length)), as: UTF8.self)
                    }
                })
            }
            rows.append(HubRow(values: values))
        }
        return .success(rows)
    }
}

extension HubConnection.Failure {
    /// The failure `outcome` reports; `expected` names what a statement that ended otherwise
    /// (a COPY where rows were expected) should have given.
    init(_ outcome: margin_pq_outcome, expected: String = "an answer") {
        let message = withUnsafeBytes(of: outcome.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let state = withUnsafeBytes(of: outcome.sqlstate) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        switch Int(outcome.code) {
        case Int(MARGIN_PQ_SERVER_ERROR): self = .server(sqlState: state, message: message)
        case Int(MARGIN_PQ_TIMEOUT): self = .timedOut
        case Int(MARGIN_PQ_WOKEN): self = .woken
        case Int(MARGIN_PQ_CONNECTION_ERROR): self = .connection(message, sqlState: state.isEmpty ? nil : state)
        case Int(MARGIN_PQ_UNAVAILABLE): self = .unavailable(message)
        default: self = .server(sqlState: "", message: "the server gave something other than \(expected)")
        }
    }
}

/// One row of a result, its values as text (NULL as nil).
struct HubRow: Sendable {
    let values: [String?]

    /// The row's first value as `type`.
    func decode<V: HubValue>(_ type: V.Type) throws -> V {
        guard let first = values.first else { throw HubValueError(column: 0, type: "\(V.self)", value: nil) }
        return try V(hubText: first, column: 0)
    }

    /// The row's first values as `types`: `String`, `Int64`, `Bool` or optionals of them.
    func decode<each T: HubValue>(_ types: (repeat each T).Type) throws -> (repeat each T) {
        var column = 0
        func next<V: HubValue>(_ type: V.Type) throws -> V {
            defer { column += 1 }
            guard column < values.count else { throw HubValueError(column: column, type: "\(V.self)", value: nil) }
            return try V(hubText: values[column], column: column)
        }
        return (repeat try next((each T).self))
    }
}

/// A value a row's text reads as.
protocol HubValue {
    init(hubText: String?, column: Int) throws
}

struct HubValueError: Error, CustomStringConvertible {
    let column: Int, type: String, value: String?
    var description: String { "column \(column + 1) is \(value.map { "'\($0.prefix(40))'" } ?? "NULL"), not \(type)" }
}

extension String: HubValue {
    init(hubText: String?, column: Int) throws {
        guard let hubText else { throw HubValueError(column: column, type: "text", value: nil) }
        self = hubText
    }
}

extension Int64: HubValue {
    init(hubText: String?, column: Int) throws {
        guard let hubText, let value = Int64(hubText) else { throw HubValueError(column: column, type: "a number", value: hubText) }
        self = value
    }
}

extension Bool: HubValue {
    init(hubText: String?, column: Int) throws {
        switch hubText {
        case "t": self = true
        case "f": self = false
        default: throw HubValueError(column: column, type: "a boolean", value: hubText)
        }
    }
}

extension Optional: HubValue where Wrapped: HubValue {
    init(hubText: String?, column: Int) throws {
        self = try hubText.map { try Wrapped(hubText: $0, column: column) }
    }
}

/// `body` with `strings` as C strings (a NULL for nil), alive until it returns.
private func withCStrings<T>(_ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
    let copies = strings.map { $0.flatMap { strdup($0) } }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { $0.map { UnsafePointer($0) } } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
