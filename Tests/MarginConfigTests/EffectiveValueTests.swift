import Foundation
import MarginConfig
import Testing

@Suite("the value in effect for a config key, and where it comes from")
struct EffectiveValueTests {
    private func settings(_ text: String, environment: [String: String] = [:]) throws -> Settings {
        Settings(environment: environment, config: try ConfigFile(text: text, path: "c.toml"))
    }

    private func key(_ name: String) throws -> ConfigKey {
        try #require(ConfigKey.named(name))
    }

    @Test("the environment wins over the file, which wins over the default; empty counts as unset")
    func order() throws {
        let file = "client_id = \"fromfile\"\nnote.pin_timeout = \"4\"\nmarket = \"  \"\n"
        let both = try settings(file, environment: ["MARGIN_CLIENT_ID": "fromenv", "MARGIN_PIN_TIMEOUT": ""])
        let paths = both.paths.configFile
        #expect(both.effective(try key("client-id")) == ConfigValue("fromenv", from: .environment("MARGIN_CLIENT_ID"), overridesFile: true))
        #expect(both.effective(try key("note.pin-timeout")) == ConfigValue("4", from: .file(paths)))
        #expect(both.effective(try key("note.lead")) == ConfigValue("0", from: .defaultValue))
        #expect(both.effective(try key("market")) == nil)
        let envOnly = try settings("", environment: ["MARGIN_CLIENT_ID": "fromenv"])
        #expect(envOnly.effective(try key("client-id")) == ConfigValue("fromenv", from: .environment("MARGIN_CLIENT_ID")))
        #expect(try settings("").effective(try key("client-id")) == nil)
    }

    @Test("the origin reads as git config --show-origin prints one")
    func labels() {
        #expect(ConfigOrigin.environment("MARGIN_SYNC_URL").label == "env:MARGIN_SYNC_URL")
        #expect(ConfigOrigin.file("/home/ann/.config/margin/config.toml").label == "file:/home/ann/.config/margin/config.toml")
        #expect(ConfigOrigin.defaultValue.label == "default")
    }

    @Test("each key's variable is the one the setting it feeds reads")
    func variablesAreRead() throws {
        let named = ConfigKey.all.compactMap { key in key.variable.map { (key.name, $0) } }
        #expect(named.map(\.0) == ["client-id", "redirect-uri", "note.pin-timeout", "sync.url", "token-service"])
        #expect(named.map(\.1) == ["MARGIN_CLIENT_ID", "MARGIN_REDIRECT_URI", "MARGIN_PIN_TIMEOUT", "MARGIN_SYNC_URL", "MARGIN_TOKEN_SERVICE"])
        let file = """
            client_id = "fromfile"
            redirect_uri = "http://127.0.0.1:9999/file"
            note.pin_timeout = "4"
            token_service = "https://file.example.org"

            """
        let environment = ["MARGIN_CLIENT_ID": "fromenv", "MARGIN_REDIRECT_URI": "http://127.0.0.1:7777/env",
                           "MARGIN_PIN_TIMEOUT": "1.5", "MARGIN_TOKEN_SERVICE": "https://env.example.org"]
        let settings = try settings(file, environment: environment)
        #expect(try settings.clientID(flag: nil) == settings.effective(try key("client-id"))?.value)
        #expect(try settings.redirectURI().description == settings.effective(try key("redirect-uri"))?.value)
        #expect(try settings.pinTimeout() == .milliseconds(1500))
        #expect(settings.effective(try key("note.pin-timeout"))?.value == "1.5")
        #expect(try settings.tokenService(flag: nil)?.absoluteString == settings.effective(try key("token-service"))?.value)
    }
}
