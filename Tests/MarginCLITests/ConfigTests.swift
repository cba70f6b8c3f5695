import Foundation
import TestSupport
import Testing

@Suite("margin config")
struct ConfigTests {
    @Test("set, get and path manage config.toml, keeping the user's comments")
    func roundTrip() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let path = try await sandbox.margin("config", "path")
            #expect(path.stdout == sandbox.configDirectory + "/config.toml\n")
            try FileManager.default.createDirectory(atPath: sandbox.configDirectory, withIntermediateDirectories: true)
            try Data("# my settings\nmarket = \"SE\" # home\n".utf8).write(to: URL(fileURLWithPath: sandbox.configDirectory + "/config.toml"))
            #expect(try await sandbox.margin("config", "set", "client-id", "abcdef123").status == 0)
            #expect(try await sandbox.margin("config", "set", "market", "DE").status == 0)
            // Without the variables that win over the file.
            let fileOnly = ["MARGIN_CLIENT_ID": "", "MARGIN_REDIRECT_URI": "", "MARGIN_PIN_TIMEOUT": ""]
            #expect(try await sandbox.margin("config", "get", "client-id", env: fileOnly).stdout == "abcdef123\n")
            #expect(try await sandbox.margin("config", "get", env: fileOnly).stdout == "client-id = abcdef123\nmarket = DE\n")
            let text = try String(contentsOfFile: sandbox.configDirectory + "/config.toml", encoding: .utf8)
            #expect(text == "# my settings\nmarket = \"DE\"\nclient_id = \"abcdef123\"\n")
        }
    }

    @Test("get and list show the value in effect: the environment's over the file's, with where it comes from")
    func valueInEffect() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let env = ["MARGIN_CLIENT_ID": "fromenv", "MARGIN_REDIRECT_URI": "", "MARGIN_PIN_TIMEOUT": ""]
            let file = sandbox.configDirectory + "/config.toml"
            // Only the environment sets it: what login uses is what get prints.
            #expect(try await sandbox.margin("config", "get", "client-id", env: env).stdout == "fromenv\n")
            #expect(try await sandbox.margin("config", "get", "client-id", "--show-origin", env: env).stdout == "env:MARGIN_CLIENT_ID\tfromenv\n")
            let listed = try await sandbox.margin("config", "list", env: env)
            #expect(listed.stdout.hasPrefix("client-id = fromenv (from MARGIN_CLIENT_ID)\nredirect-uri = http://127.0.0.1:8888/callback (default)\n"),
                    "\(listed.stdout)")
            #expect(try await sandbox.margin("config", "get", env: env).stdout == "client-id = fromenv (from MARGIN_CLIENT_ID)\n")
            // The file sets it too: the environment still wins, and list says it hides the file's.
            let hidden = try await sandbox.margin("config", "set", "client-id", "fromfile", env: env)
            #expect(hidden.status == 0)
            #expect(hidden.stderr == "margin: MARGIN_CLIENT_ID is set and wins over config.toml; unset it for this value to be used\n",
                    "\(hidden.stderr)")
            #expect(try await sandbox.margin("config", "get", "client-id", env: env).stdout == "fromenv\n")
            let both = try await sandbox.margin("config", "list", env: env)
            #expect(both.stdout.hasPrefix("client-id = fromenv (from MARGIN_CLIENT_ID, over config.toml)\n"), "\(both.stdout)")
            let login = try await sandbox.margin("login", "--timeout", "20", env: env)
            #expect(login.stderr.contains("client_id=fromenv"), "\(login.stderr)")
            // Without the variable: the file's, then the default.
            let unset = ["MARGIN_CLIENT_ID": "", "MARGIN_REDIRECT_URI": ""]
            #expect(try await sandbox.margin("config", "set", "client-id", "fromfile", env: unset).stderr == "")
            #expect(try await sandbox.margin("config", "get", "client-id", "--show-origin", env: unset).stdout == "file:\(file)\tfromfile\n")
            #expect(try await sandbox.margin("config", "get", "note.lead", "--show-origin", env: unset).stdout == "default\t0\n")
            let origins = try await sandbox.margin("config", "list", "--show-origin", env: unset)
            let lines = origins.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "file:\(file)\tclient-id = fromfile", "\(origins.stdout)")
            #expect(lines.contains("env:MARGIN_PIN_TIMEOUT\tnote.pin-timeout = 30"), "the sandbox's MARGIN_PIN_TIMEOUT: \(origins.stdout)")
            #expect(lines.contains("none\tmarket = (not set)") && lines.contains("default\tnote.lead = 0"), "\(origins.stdout)")
        }
    }

    @Test("a password in a URL from the environment or the file is never printed")
    func secretsHidden() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            let env = ["MARGIN_SYNC_URL": "postgres://ann:hunter2@db.example.org/notes?sslmode=verify-full",
                       "MARGIN_TOKEN_SERVICE": "https://svc:tok3n@tokens.example.org"]
            for arguments in [["config", "get", "sync.url"], ["config", "get", "sync.url", "--show-origin"], ["config", "list"],
                              ["config", "list", "--show-origin"], ["config", "get"], ["config", "get", "token-service"]] {
                let result = try await sandbox.run(arguments, env: env)
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
                #expect(!result.output.contains("hunter2") && !result.output.contains("tok3n"), "\(arguments): \(result.output)")
            }
            #expect(try await sandbox.margin("config", "get", "sync.url", env: env).stdout
                == "postgres://ann:****@db.example.org/notes?sslmode=verify-full\n")
            #expect(try await sandbox.margin("config", "get", "token-service", "--show-origin", env: env).stdout
                == "env:MARGIN_TOKEN_SERVICE\thttps://svc:****@tokens.example.org\n")
        }
    }

    @Test("the config file's client ID is used when the environment has none")
    func clientIDFromConfig() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            #expect(try await sandbox.margin("config", "set", "client-id", "fromconfig").status == 0)
            let result = try await sandbox.margin("login", "--timeout", "20", env: ["MARGIN_CLIENT_ID": ""])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("client_id=fromconfig"))
        }
    }

    @Test("rejects unknown keys and bad values as usage errors, and unset keys with exit 1")
    func errors() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            #expect(try await sandbox.margin("config", "set", "colour", "red").status == 64)
            let badURI = try await sandbox.margin("config", "set", "redirect-uri", "http://localhost:8888/callback")
            #expect(badURI.status == 1)
            #expect(badURI.stderr.contains("localhost"))
            #expect(try await sandbox.margin("config", "set", "market", "germany").status == 64)
            #expect(try await sandbox.margin("config", "get", "market").status == 1)
        }
    }

    @Test("a broken config file names the line at fault")
    func brokenFile() async throws {
        try await using(try await Sandbox.start()) { sandbox in
            try FileManager.default.createDirectory(atPath: sandbox.configDirectory, withIntermediateDirectories: true)
            try Data("client_id = \"ok\"\nmarket = DE\n".utf8).write(to: URL(fileURLWithPath: sandbox.configDirectory + "/config.toml"))
            let result = try await sandbox.margin("whoami")
            #expect(result.status == 1)
            #expect(result.stderr.contains("line 2"))
        }
    }
}
