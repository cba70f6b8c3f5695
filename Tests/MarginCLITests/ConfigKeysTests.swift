import Foundation
import TestSupport
import Testing

@Suite("margin config and its table of keys")
struct ConfigKeysTests {
    private let keys = ["client-id", "redirect-uri", "market", "note.pin-timeout", "note.lead", "watch.pause-on-note",
                        "transcribe.engine", "transcribe.command", "transcribe.model", "transcribe.timeout", "sync.url", "sync.auto", "sync.timeout", "sync.max-drift", "token-service"]

    @Test("get shows a default marked as such; a key without one is still unset")
    func defaults() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            // The sandbox sets MARGIN_PIN_TIMEOUT, which wins over the default.
            #expect(try await sandbox.margin("config", "get", "note.pin-timeout", env: ["MARGIN_PIN_TIMEOUT": ""]).stdout == "2.5 (default)\n")
            #expect(try await sandbox.margin("config", "get", "sync.auto").stdout == "false (default)\n")
            let market = try await sandbox.margin("config", "get", "market")
            #expect(market.status == 1 && market.stderr == "margin: market is not set\n")
        }
    }

    @Test("list shows every key with its value, its default, or that it is not set")
    func list() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            #expect(try await sandbox.margin("config", "set", "note.lead", "5").status == 0)
            let listed = try await sandbox.margin("config", "list", env: ["MARGIN_PIN_TIMEOUT": ""])
            #expect(listed.status == 0)
            let lines = listed.stdout.split(separator: "\n").map(String.init)
            #expect(lines.map { String($0.prefix { $0 != " " }) } == keys)
            #expect(lines.contains("note.lead = 5"))
            #expect(lines.contains("note.pin-timeout = 2.5 (default)"))
            #expect(lines.contains("market = (not set)"))
        }
    }

    @Test("unset removes a value and brings the default back, keeping the rest of the file")
    func unset() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            #expect(try await sandbox.margin("config", "set", "market", "se").status == 0)
            #expect(try await sandbox.margin("config", "set", "note.lead", "5").status == 0)
            #expect(try await sandbox.margin("config", "get", "market").stdout == "SE\n")
            #expect(try await sandbox.margin("config", "unset", "note.lead").status == 0)
            #expect(try await sandbox.margin("config", "get", "note.lead").stdout == "0 (default)\n")
            let text = try String(contentsOfFile: sandbox.configDirectory + "/config.toml", encoding: .utf8)
            #expect(text == "market = \"SE\"\n")
            #expect(try await sandbox.margin("config", "unset", "colour").status == 64)
        }
    }

    @Test("refuses a value of the wrong form with the form it takes, exit 64", arguments: [
        ("note.lead", "-5", "seconds from 0 to 600"), ("market", "XX", "ISO 3166-1 alpha-2"),
        ("note.pin-timeout", "0", "more than 0"), ("sync.auto", "maybe", "true or false"),
    ])
    func refusals(key: String, value: String, form: String) async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let result = try await sandbox.margin("config", "set", key, value)
            #expect(result.status == 64)
            #expect(result.stderr.contains("'\(value)' is not a valid \(key)") && result.stderr.contains(form), "\(result.stderr)")
        }
    }

    @Test("booleans are stored as true or false, whatever was typed")
    func booleans() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            #expect(try await sandbox.margin("config", "set", "watch.pause-on-note", "yes").status == 0)
            #expect(try await sandbox.margin("config", "set", "sync.auto", "off").status == 0)
            let text = try String(contentsOfFile: sandbox.configDirectory + "/config.toml", encoding: .utf8)
            #expect(text == "watch.pause_on_note = \"true\"\nsync.auto = \"false\"\n")
        }
    }

    @Test("config --help names every key with its help")
    func help() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let help = try await sandbox.margin("config", "--help")
            for key in keys { #expect(help.stdout.contains("  \(key) "), "\(key)") }
            #expect(help.stdout.contains("unset") && help.stdout.contains("list"))
        }
    }
}

@Suite("margin config set with values that look like options")
struct ConfigDashTests {
    @Test("a value after -- is taken as it is, and a negative one gets the key's own explanation")
    func dashes() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            #expect(try await sandbox.margin("config", "set", "note.lead", "--", "7").status == 0)
            #expect(try await sandbox.margin("config", "get", "note.lead").stdout == "7\n")
            let negative = try await sandbox.margin("config", "set", "note.lead", "--", "-1")
            #expect(negative.status == 64 && negative.stderr.contains("seconds from 0 to 600"))
            #expect(try await sandbox.margin("config", "set", "note.lead", "1", "2").status == 64)
        }
    }
}
