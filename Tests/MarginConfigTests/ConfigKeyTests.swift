import Foundation
import MarginConfig
import SpotifyClient
import Testing

@Suite("the table of config keys")
struct ConfigKeyTests {
    private func key(_ name: String) throws -> ConfigKey {
        try #require(ConfigKey.named(name))
    }

    @Test("finds a key by either spelling, in any case, and no unknown one")
    func naming() throws {
        #expect(ConfigKey.named("client-id")?.fileName == "client_id")
        #expect(ConfigKey.named("NOTE.PIN_TIMEOUT")?.name == "note.pin-timeout")
        #expect(ConfigKey.named("colour") == nil)
        #expect(ConfigFile.keys == ConfigKey.all.map(\.fileName))
    }

    @Test("stores booleans as true or false, whichever spelling was typed", arguments: [
        ("yes", "true"), ("1", "true"), ("ON", "true"), ("True", "true"), ("no", "false"), ("0", "false"), ("off", "false"),
    ])
    func booleans(typed: String, stored: String) throws {
        #expect(try key("sync.auto").normalized(typed) == stored)
        #expect(try key("watch.pause-on-note").normalized(typed) == stored)
    }

    @Test("refuses values outside a key's form, naming the form", arguments: [
        ("note.lead", "-5"), ("note.lead", "601"), ("note.lead", "soon"), ("note.pin-timeout", "0"),
        ("note.pin-timeout", "61"), ("transcribe.timeout", "0.5"), ("sync.auto", "maybe"), ("market", "XX"),
        ("market", "germany"), ("client-id", "has space"), ("transcribe.model", "relative/dir"),
        ("transcribe.command", "  "), ("token-service", "ftp://x"), ("sync.url", " "),
    ])
    func refusals(name: String, value: String) throws {
        let key = try key(name)
        #expect(throws: key.refusal(value)) { try key.normalized(value) }
        let message = key.refusal(value).errorDescription ?? ""
        #expect(message.contains(key.kind.form) && message.contains("margin config set \(key.name) \(key.example)"))
    }

    @Test("accepts every key's own example and default")
    func examples() throws {
        for key in ConfigKey.all {
            let example = key.example.hasPrefix("'") ? String(key.example.dropFirst().dropLast()) : key.example
            _ = try key.normalized(example)
            if let fallback = key.defaultValue { _ = try key.normalized(fallback) }
        }
    }

    @Test("durations from zero where the key allows it, country codes in capitals")
    func normalizing() throws {
        #expect(try key("note.lead").normalized("0") == "0")
        #expect(try key("note.lead").normalized(" 2.5 ") == "2.5")
        #expect(try key("market").normalized("de") == "DE")
        #expect(try key("market").normalized("SE") == "SE")
    }

    @Test("a redirect URI is checked by Spotify's rule")
    func redirect() throws {
        #expect(throws: RedirectURIError.localhost("http://localhost:8888/callback")) {
            try key("redirect-uri").normalized("http://localhost:8888/callback")
        }
    }

    @Test("every unknown-key error names every key")
    func unknownKey() {
        let message = SettingError.unknownConfigKey("colour").errorDescription ?? ""
        for name in ConfigKey.names { #expect(message.contains(name)) }
        #expect(SettingError.unknownConfigKey("colour").isUsage)
        #expect(!SettingError.configKeyUnset("market").isUsage)
    }
}

@Suite("the key table's help")
struct ConfigKeyHelpTests {
    @Test("every help fits one line of config --help")
    func short() {
        for key in ConfigKey.all { #expect(key.help.count <= 70, "\(key.name)") }
    }
}
