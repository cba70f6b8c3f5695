extension ConfigKey {
    /// Every key margin reads from `config.toml`, in the order `config list` and the README show them.
    /// Each help fits one line of `config --help` (70 columns) and the README's table.
    public static let all: [ConfigKey] = [
        ConfigKey("client_id", .clientID, example: "0123456789abcdef0123456789abcdef",
                  help: "the client ID of your own Spotify app"),
        ConfigKey("redirect_uri", .redirectURI, default: "http://127.0.0.1:8888/callback", example: "http://127.0.0.1/callback",
                  help: "your Spotify app's loopback redirect URI; no port: any free one"),
        ConfigKey("market", .market, example: "DE",
                  help: "the country of catalog requests; unset: the account's own"),
        ConfigKey("note.pin_timeout", .seconds(minimum: 0, maximum: 60, minimumIncluded: false), default: "2.5", example: "2.5",
                  help: "how long a note waits for the moment before saving it unpinned"),
        ConfigKey("note.lead", .seconds(minimum: 0, maximum: 600, minimumIncluded: true), default: "0", example: "5",
                  help: "how far before the position a note is pinned (note, watch's n)"),
        ConfigKey("watch.pause_on_note", .flag, default: "false", example: "true",
                  help: "whether watch's n pauses playback while the note is written"),
        ConfigKey("transcribe.command", .command, example: "'whisper-cli -m ~/models/ggml-base.en.bin -nt -f'",
                  help: "a recognizer run with the WAV file's path appended"),
        ConfigKey("transcribe.model", .path, example: "/usr/share/pocketsphinx/model/en-us",
                  help: "the PocketSphinx model directory; unset: Debian's US English"),
        ConfigKey("transcribe.timeout", .seconds(minimum: 1, maximum: 3600, minimumIncluded: true), default: "120", example: "120",
                  help: "how long a transcription may take"),
        ConfigKey("sync.url", .hubURL, example: "'postgres://ada@db.example.org/notes?sslmode=verify-full'",
                  help: "the PostgreSQL hub of margin sync, without its password"),
        ConfigKey("sync.auto", .flag, default: "false", example: "true",
                  help: "whether watch syncs in the background"),
        ConfigKey("sync.timeout", .seconds(minimum: 1, maximum: 3600, minimumIncluded: true), default: "30", example: "30",
                  help: "how long a sync waits for the hub: to connect, a lock, an answer"),
        ConfigKey("sync.max_drift", .duration(minimum: 60, maximum: 366 * 86_400), default: "1d", example: "12h",
                  help: "how far ahead of this clock a hub stamp may be"),
        ConfigKey("token_service", .httpURL, example: "https://tokens.example.org",
                  help: "the margin-token-service that login goes through"),
    ]
}
