import HummingbirdCore
import NIOCore
import Synchronization

/// Every open client connection and what it is doing, so that at `--max-connections` a new
/// connection can take the place of one that is only holding a socket.
///
/// A flood of sockets that never send a request (or send it a byte at a time) would otherwise
/// fill the cap and lock real clients out until their timeouts fire. At the cap, the
/// connection that has waited longest for a request head is closed to admit the new one;
/// failing that, the one that has been sending its body longest. Connections whose request is
/// complete (their answer is being made) are never closed this way.
public final class ConnectionTracker: Sendable {
    /// Where a connection is in its current exchange.
    public enum Phase: Sendable, Equatable {
        /// No complete request head yet (a new connection, or idle between requests).
        case awaitingHead
        /// Head read, body still arriving.
        case receivingBody
        /// Request complete: the service is answering it.
        case answering
    }

    private struct Entry {
        let channel: any Channel
        var phase: Phase
        /// When it entered `phase`, as a counter: lower is longer ago.
        var since: UInt64
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var clock: UInt64 = 0
        var evicted = 0
    }

    /// The most connections kept open at once.
    public let capacity: Int
    private let state = Mutex(State())

    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Open connections.
    public var count: Int { state.withLock { $0.entries.count } }

    /// Connections closed to admit others since start.
    public var evictions: Int { state.withLock { $0.evicted } }

    /// Whether a new connection could be admitted now (below the cap, or one could give way).
    public var canAdmit: Bool {
        let capacity = self.capacity
        return state.withLock { state in
            state.entries.count < capacity || state.entries.values.contains { $0.phase != .answering }
        }
    }

    /// Records `channel` as open and waiting for its first request head; at the cap, closes the
    /// connection that gives way to it. Returns false when none can (every one is being
    /// answered): the caller then closes `channel`.
    public func admit(_ channel: any Channel) -> Bool {
        let capacity = self.capacity
        let (admitted, victim): (Bool, (any Channel)?) = state.withLock { state in
            var victim: (any Channel)?
            if state.entries.count >= capacity {
                guard let key = Self.victim(in: state.entries) else { return (false, nil) }
                victim = state.entries.removeValue(forKey: key)?.channel
                state.evicted += 1
            }
            state.clock += 1
            state.entries[ObjectIdentifier(channel)] = Entry(channel: channel, phase: .awaitingHead, since: state.clock)
            return (true, victim)
        }
        victim?.close(promise: nil)
        return admitted
    }

    /// `channel` moved on to `phase`.
    public func update(_ channel: any Channel, to phase: Phase) {
        state.withLock { state in
            let key = ObjectIdentifier(channel)
            guard state.entries[key] != nil else { return }
            state.clock += 1
            state.entries[key]?.phase = phase
            state.entries[key]?.since = state.clock
        }
    }

    /// `channel` closed.
    public func remove(_ channel: any Channel) {
        _ = state.withLock { $0.entries.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// The longest waiting for a head, else the longest sending a body.
    private static func victim(in entries: [ObjectIdentifier: Entry]) -> ObjectIdentifier? {
        var best: (key: ObjectIdentifier, rank: Int, since: UInt64)?
        for (key, entry) in entries {
            let rank: Int
            switch entry.phase {
            case .awaitingHead: rank = 0
            case .receivingBody: rank = 1
            case .answering: continue
            }
            if let current = best, (current.rank, current.since) <= (rank, entry.since) { continue }
            best = (key, rank, entry.since)
        }
        return best?.key
    }
}

/// Hummingbird's accept gate: the listening socket is read (new connections accepted) only
/// while the tracker can admit one, so at the cap with every connection busy, new ones wait in
/// the kernel's backlog rather than being accepted and dropped.
struct TrackerGate: AvailableConnectionsDelegate {
    let tracker: ConnectionTracker
    func connectionOpened() {}
    func connectionClosed() {}
    func isAcceptingNewConnections() -> Bool { tracker.canAdmit }
}
