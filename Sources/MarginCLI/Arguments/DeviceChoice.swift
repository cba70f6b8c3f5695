import Foundation
import MarginViews
import SpotifyClient

/// The device `--device` names, found in `GET /me/player/devices` before any player command is
/// sent, so that Spotify only ever sees a device id the account has: the value as an id first,
/// then as a name (``NameMatch``: exact, a unique prefix, else a unique part of one), then as
/// the start of an id (the short ids messages show).
enum DeviceChoice {
    /// How many characters of an id messages show, and the fewest a typed start of an id needs.
    static let shortID = 8

    /// The id of the device `value` means, asking Spotify for the list.
    static func id(for value: String, api: SpotifyAPI) async throws -> String {
        try id(for: value, in: try await api.devices())
    }

    /// The id of the device `value` means among `devices`; several names that fit throw
    /// ``NameMatchFailure/ambiguous(kind:name:candidates:)``, none ``UnknownDevice``.
    static func id(for value: String, in devices: [Device]) throws -> String {
        let targetable = devices.compactMap { device in device.id.map { (id: $0, name: device.name) } }
        if let device = targetable.first(where: { $0.id == value }) { return device.id }
        if let device = try NameMatch.one(value, kind: "device", in: targetable, name: \.name, id: \.id) { return device.id }
        let started = value.count >= shortID ? targetable.filter { $0.id.hasPrefix(value) } : []
        if started.count == 1 { return started[0].id }
        throw UnknownDevice(name: value, available: targetable.map { "'\(Terminal.sanitize($0.name))' (\($0.id.prefix(shortID)))" })
    }
}

/// A `--device` that names none of the account's devices: nothing was sent; the line says
/// which devices there are.
struct UnknownDevice: MarginError, Equatable {
    let name: String
    /// The devices there are, as `'Name' (short id)`.
    let available: [String]

    /// At most this many devices are named; the rest are counted.
    static let named = 10

    var errorDescription: String? {
        let wanted = Terminal.sanitize(name)
        guard !available.isEmpty else {
            return "no Spotify device '\(wanted)': none is available; open Spotify on a phone, computer or speaker, then see 'margin devices'"
        }
        let more = available.count > Self.named ? " and \(available.count - Self.named) more" : ""
        return "no Spotify device '\(wanted)'; available: \(available.prefix(Self.named).joined(separator: ", "))\(more); 'margin devices' lists them"
    }

    var exitStatus: ExitStatus { .noDevice }
}
