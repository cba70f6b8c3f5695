/// The EXAMPLES block that ends every command's `--help`: two or three lines a newcomer can
/// type as they are, kept in one table so that they read alike.
enum HelpExamples {
    static let table: [String: [String]] = [
        "margin": ["margin login", "margin note \"the bit about cache stampedes\" -t caching", "margin list --since yesterday"],
        "margin login": ["margin login", "margin login --no-browser", "margin login --token-service https://tokens.example.org"],
        "margin logout": ["margin logout", "margin logout && margin login"],
        "margin whoami": ["margin whoami", "margin whoami -j"],
        "margin config": ["margin config set client-id YOUR_CLIENT_ID", "margin config get market", "margin config list"],
        "margin config set": ["margin config set client-id YOUR_CLIENT_ID", "margin config set note.lead 20"],
        "margin config get": ["margin config get", "margin config get market"],
        "margin config unset": ["margin config unset note.lead", "margin config unset sync.url"],
        "margin config list": ["margin config list", "margin config list | grep sync"],
        "margin config path": ["margin config path", "$EDITOR \"$(margin config path)\""],
        "margin note": ["margin note \"the bit about cache stampedes\"", "margin note -t caching --ago 20s \"that was good\"",
                        "margin note --voice"],
        "margin list": ["margin list -n 20", "margin list --since monday -t caching", "margin list -e -j"],
        "margin show": ["margin show 0b9e6c1e", "margin show 0b9e -j", "margin show 0b9e --history"],
        "margin edit": ["margin edit 0b9e6c1e \"the corrected text\"", "margin edit 0b9e6c1e"],
        "margin delete": ["margin delete 0b9e6c1e", "margin delete 0b9e6c1e --yes"],
        "margin tag": ["margin tag 0b9e6c1e +caching", "margin tag 0b9e6c1e -draft +final"],
        "margin pin": ["margin pin 0b9e6c1e -e 512ojhOuo1ktJprKbVcKyQ --at 12:34", "margin pin 0b9e -e \"Naming things\" --at 1:02:03"],
        "margin search": ["margin search stampede", "margin search '\"cache stampede\"' -j"],
        "margin jump": ["margin jump 0b9e6c1e", "margin jump 0b9e6c1e --link"],
        "margin listen": ["margin listen 0b9e6c1e", "margin listen 0b9e"],
        "margin transcribe": ["margin transcribe", "margin transcribe 0b9e6c1e"],
        "margin sync": ["margin sync", "margin sync -j", "margin sync --watch"],
        "margin episodes": ["margin episodes", "margin episodes --annotated -n 10", "margin episodes --show 5CfCWKI5pZ28U0uOzXkDHe -j"],
        "margin shows": ["margin shows", "margin shows -j"],
        "margin find": ["margin find \"naming things\"", "margin find lex --type show -j"],
        "margin play": ["margin play 512ojhOuo1ktJprKbVcKyQ", "margin play \"Naming things\" --at 12:34"],
        "margin export": ["margin export --format markdown -o notes.md", "margin export --since \"last week\" --format csv",
                          "margin export --format obsidian --dir ~/vault/Podcasts"],
        "margin import": ["margin import notes.jsonl", "margin export | margin import -"],
        "margin now": ["margin now", "margin now -j"],
        "margin devices": ["margin devices", "margin devices -j"],
        "margin pause": ["margin pause", "margin pause -d Kitchen"],
        "margin resume": ["margin resume", "margin resume -d Kitchen"],
        "margin seek": ["margin seek 12:34", "margin seek 1h2m3s"],
        "margin back": ["margin back", "margin back 60"],
        "margin forward": ["margin forward", "margin forward 90"],
        "margin watch": ["margin watch", "margin watch --interval 5"],
    ]

    /// `help` with the EXAMPLES block of the command it describes appended, found from its
    /// USAGE line; `help` unchanged when the command has none.
    static func appended(to help: String) -> String {
        guard let usage = help.split(separator: "\n").first(where: { $0.hasPrefix("USAGE: ") }) else { return help }
        let words = usage.dropFirst("USAGE: ".count).split(separator: " ")
            .prefix { !$0.hasPrefix("-") && !$0.hasPrefix("<") && !$0.hasPrefix("[") }
        guard let examples = table[words.joined(separator: " ")] else { return help }
        let block = "EXAMPLES:\n" + examples.map { "  " + $0 }.joined(separator: "\n")
        return help.trimmingCharacters(in: .newlines) + "\n\n" + block + "\n"
    }
}
