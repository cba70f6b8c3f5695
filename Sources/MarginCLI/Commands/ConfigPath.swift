import ArgumentParser
import Foundation
import MarginConfig
import MarginViews

extension MarginCommand.Config {
    /// `margin config path`: where `config.toml` lives.
    struct Path: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "path", abstract: "Print the path of config.toml.")

        func run() async throws {
            try Console.out(Paths().configFile)
        }
    }
}
