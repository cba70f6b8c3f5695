import Foundation
import MarginConfig
import Testing

@Suite("typed settings from the key table")
struct SettingsTests {
    private func settings(_ text: String, environment: [String: String] = [:]) throws -> Settings {
        Settings(environment: environment, config: try ConfigFile(text: text, path: "c.toml"))
    }

    @Test("an unset key gives its default")
    func defaults() throws {
        let settings = try settings("")
        #expect(try settings.pinTimeout() == .milliseconds(2500))
        #expect(try settings.noteLeadMs() == 0)
        #expect(try settings.pauseOnNote() == false)
        #expect(try settings.syncAuto() == false)
        #expect(try settings.transcribeTimeout() == .seconds(120))
        #expect(settings.market == nil)
    }

    @Test("set keys are read, the environment winning over the file")
    func values() throws {
        let settings = try settings("note.pin_timeout = \"4\"\nnote.lead = \"5\"\nsync.auto = \"yes\"\nmarket = \"SE\"\n",
                                    environment: ["MARGIN_PIN_TIMEOUT": "1.5"])
        #expect(try settings.pinTimeout() == .milliseconds(1500))
        #expect(try settings.noteLeadMs() == 5000)
        #expect(try settings.syncAuto())
        #expect(settings.market == "SE")
    }

    @Test("a value written by hand that the table refuses names the config set that fixes it")
    func invalidByHand() throws {
        let settings = try settings("note.lead = \"-5\"\n")
        #expect(throws: SettingError.invalidSetting(name: "note.lead", value: "-5", example: "margin config set note.lead 5")) {
            try settings.noteLeadMs()
        }
    }

    @Test("unset removes a key's line and keeps the rest of the file")
    func unset() throws {
        var file = try ConfigFile(text: "# mine\nmarket = \"SE\"\nnote.lead = \"5\"\n", path: "c.toml")
        file.unset("market")
        #expect(file.text == "# mine\nnote.lead = \"5\"\n")
        #expect(file["market"] == nil)
    }
}
