import ArgumentParser
import Foundation
import MarginConfig
import MarginViews
import SpotifyClient

extension MarginCommand {
    /// `margin devices`: the Spotify Connect devices.
    struct Devices: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "devices", abstract: "List Spotify Connect devices (IDs for --device).")

        @OptionGroup var global: GlobalOptions
        @Flag(name: .shortAndLong, help: "Print a JSON array.") var json = false

        func run() async throws {
            let devices = try await Settings().connection(verbose: global.verbose).api.devices()
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                try Console.out(String(decoding: try encoder.encode(devices), as: UTF8.self))
                return
            }
            guard !devices.isEmpty else {
                Console.err("No Spotify devices are available. Open Spotify on a phone, computer or speaker.")
                return
            }
            for device in devices {
                let mark = device.isActive ? "*" : " "
                let volume = device.volumePercent.map { " \($0)%" } ?? ""
                try Console.out("\(mark) \(device.id ?? "(no id)")  \(Terminal.sanitize(device.name)) (\(device.type)\(volume))")
            }
        }
    }
}
