extension ConfigKey {
    /// Every key margin reads from `config.toml`, in the order `config list` and the README show them.
    public static let all: [ConfigKey] = [
        ConfigKey("client_id", .clientID, example: "0123456789abcdef0123456789abcdef",
                  help: "the client ID of your own Spotify app (MARGIN_CLIENT_ID wins)"),
        ConfigKey("redirect_uri", .redirectURI, default: "http://127.0.0.1:8888/callback", example: "http://127.0.0.1/callback",
                  help: "the loopback redirect URI registered in your Spotify app; no port: any free one"),
        ConfigKey("market", .market, example: "DE",
                  help: "the country whose catalog find, shows and episodes ask for; unset: the account's"),
        ConfigKey("note.pin_timeout", .seconds(minimum: 0, maximum: 60, minimumIncluded: false), default: "2.5", example: "2.5",
                  help: "how long a note waits for the moment before it is saved unpinned (MARGIN_PIN_TIMEOUT wins)"),
        ConfigKey("note.lead", .seconds(minimum: 0, maximum: 600, minimumIncluded: true), default: "0", example: "5",
                  help: "how far before the position a note is pinned, for note and watch's n"),
        ConfigKey("watch.pause_on_note", .flag, default: "false", example: "true",
                  help: "whether watch's n pauses playback while the note is written"),
        ConfigKey("transcribe.command", .command, example: "'whisper-cli -m ~/models/ggml-base.en.bin -nt -f'",
                  help: "a recognizer run with the WAV file's path appended, instead of PocketSphinx"),
        ConfigKey("transcribe.model", .path, example: "/usr/share/pocketsphinx/model/en-us",
                  help: "the PocketSphinx model directory; unset: Debian's US English model"),
        ConfigKey("transcribe.timeout", .seconds(minimum: 1, maximum: 3600, minimumIncluded: true), default: "120", example: "120",
                  help: "how long a transcription may take"),
        ConfigKey("sync.url", .hubURL, example: "'postgres://ada@db.example.org/notes?sslmode=verify-full'",
                  help: "the PostgreSQL hub of margin sync, without a password (MARGIN_SYNC_URL wins)"),
        ConfigKey("sync.auto", .flag, default: "false", example: "true",
                  help: "whether watch syncs in the background"),
        ConfigKey("token_service", .httpURL, example: "https://tokens.example.org",
                  help: "the margin-token-service login goes through (MARGIN_TOKEN_SERVICE wins)"),
    ]
}
