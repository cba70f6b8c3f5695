// swift-tools-version:6.2
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

// The tests' own code is compiled unoptimized, in batches of files, in every configuration:
// optimized whole, as a release build does, MarginCLITests alone took four and a half minutes on
// one core at the end of the build; unoptimized but whole, its type checking still ran on one
// core (134 s; in batches on both, 104 s). The code under test is built as the configuration says.
let testing: [SwiftSetting] = strict + [.unsafeFlags(["-Onone", "-no-whole-module-optimization", "-enable-batch-mode"])]

// A release margin carries the Swift runtime and Foundation inside it: no shared-library
// loading or symbol binding at start-up, which is most of a short command's time.
let staticRuntime: [LinkerSetting] = [
    .unsafeFlags(
        // Foundation's static archives need their C parts named explicitly.
        ["-static-stdlib", "-lCoreFoundation", "-l_FoundationICU", "-l_FoundationCShims", "-l_FoundationCollections",
         // ...and export no symbols: a table of every Swift symbol only slows loading.
         "-Xlinker", "--no-export-dynamic"],
        .when(platforms: [.linux], configuration: .release)),
]

let package = Package(
    name: "margin",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "margin", targets: ["margin"]),
        .executable(name: "spotify-emulator", targets: ["spotify-emulator"]),
        .executable(name: "margin-token-service", targets: ["margin-token-service"]),
        .executable(name: "margin-sync", targets: ["margin-sync"]),
        .library(name: "SpotifyClient", targets: ["SpotifyClient"]),
        .library(name: "NoteStore", targets: ["NoteStore"]),
        .library(name: "NoteCapture", targets: ["NoteCapture"]),
        .library(name: "NoteTransfer", targets: ["NoteTransfer"]),
        .library(name: "Voice", targets: ["Voice"]),
        .library(name: "NoteSync", targets: ["NoteSync"]),
        .library(name: "PodcastLibrary", targets: ["PodcastLibrary"]),
        .library(name: "TokenService", targets: ["TokenService"]),
        .library(name: "MarginConfig", targets: ["MarginConfig"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        // Named for the module margin imports from it (HTTPTypes); the packages above bring it
        // already.
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    ],
    targets: [
        // Writing files safely: whole or not at all (temporary file, fsync, rename), devices and
        // FIFOs in place, every byte of output accounted for. No dependencies.
        .target(name: "FileSafety", swiftSettings: strict),
        // Links to open.spotify.com for episodes, tracks and shows, built in one place.
        .target(name: "SpotifyLinks", swiftSettings: strict),
        .target(
            name: "SpotifyClient",
            dependencies: [
                "FileSafety",
                "SpotifyLinks",
                "CCurl",
                "CDigest",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // The note store, the only module that speaks SQL to the local SQLite file: schema and
        // migrations, reads and writes, the export cursor, the import's bulk-write session, and
        // the sync change log and apply.
        .target(
            name: "NoteStore",
            dependencies: [
                "SpotifyLinks", "CSQLiteSetup",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: strict
        ),
        // Export and import formats: the JSON scanner and import parser, the encoders. The
        // store's export cursor and bulk-write session do the reading and writing.
        .target(name: "NoteTransfer", dependencies: ["NoteStore", "SpotifyLinks"], swiftSettings: strict),
        // Taking a note, the one capture use case: the moment, the body (text, editor, voice),
        // pausing and resuming, the store; the rules that turn the player and failures into a pin.
        .target(name: "NoteCapture", dependencies: ["FileSafety", "SpotifyClient", "NoteStore", "Voice"], swiftSettings: strict),
        // The interactive `watch`: its state, key decoding, line editor, poll schedule, rendering as a
        // pure function of state, and the session that takes notes through NoteCapture.
        .target(name: "Watch", dependencies: ["MarginViews", "FileSafety", "SpotifyClient", "NoteStore", "NoteCapture", "Voice"], swiftSettings: strict),
        // sqlite3_config, which Swift cannot call (it is variadic).
        .target(name: "CSQLiteSetup", linkerSettings: [.linkedLibrary("sqlite3")]),
        // PocketSphinx from Debian's libpocketsphinx3, opened with dlopen when speech is decoded
        // (linking it loads some forty libraries at every start), through a small C shim.
        .target(name: "CPocketSphinx"),
        // libcurl, margin's HTTP client, from Debian's libcurl4, opened with dlopen on the first
        // request (linking it loads some thirty libraries at every start), through a small C shim.
        .target(name: "CCurl"),
        // SHA-256 (a login's PKCE challenge) from the system's crypto library, the one libcurl
        // uses (OpenSSL's libcrypto, else GnuTLS), opened with dlopen when a login starts.
        .target(name: "CDigest"),
        // AES-256-GCM (the token service's sealed refresh tokens) from OpenSSL's libcrypto,
        // opened with dlopen.
        .target(name: "CSeal"),
        // Keys and certificates from OpenSSL's libcrypto, opened with dlopen: the emulator's
        // throwaway certificate authority.
        .target(name: "CAuthority"),
        // The server side of TLS from OpenSSL's libssl, opened with dlopen, over memory.
        .target(name: "CTLSServer"),
        // TLS for the emulator's and the token service's Hummingbird servers, through CTLSServer.
        .target(
            name: "ServerTLS",
            dependencies: [
                "CTLSServer",
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // Voice notes: the recorder, WAV files and resampling, and the transcribers.
        .target(
            name: "Voice",
            dependencies: ["FileSafety", "CPocketSphinx"],
            swiftSettings: strict
        ),
        // Where the sync hub is and what can go wrong reaching it: the URL read as libpq reads it,
        // the password file, HubError. No dependencies, so that margin checks the settings of
        // `sync` without the PostgreSQL client, which only margin-sync carries.
        .target(name: "SyncHub", swiftSettings: strict),
        // PostgreSQL's client library, libpq (Debian's libpq5), opened with dlopen when a sync
        // starts, through a small C shim that bounds every wait.
        .target(name: "CPostgres"),
        // Sync through a PostgreSQL hub: the hub's schema, push and pull, the hybrid logical clock;
        // the store's change log and apply are NoteStore's.
        .target(
            name: "NoteSync",
            dependencies: [
                "NoteStore",
                "NoteTransfer",
                "SyncHub",
                "CPostgres",
                "FileSafety",
            ],
            swiftSettings: strict
        ),
        // The podcast library around the notes: annotated and saved episodes and shows, search,
        // with Spotify's answers cached in the store.
        .target(name: "PodcastLibrary", dependencies: ["SpotifyClient", "SpotifyLinks", "NoteStore"], swiftSettings: strict),
        // margin's settings: the one table of config keys, config.toml, the XDG paths and the
        // typed Settings the commands read.
        .target(name: "MarginConfig", dependencies: ["SpotifyClient"], swiftSettings: strict),
        // What margin shows: notes, episodes, shows and playback as tables, lines and JSON, text
        // made safe for a terminal, and the values users type (TIME, DATE, REF, names).
        .target(
            name: "MarginViews",
            dependencies: ["FileSafety", "SpotifyLinks", "SpotifyClient", "NoteStore", "NoteTransfer", "PodcastLibrary"],
            swiftSettings: strict
        ),
        .target(
            name: "MarginCLI",
            dependencies: [
                "MarginConfig",
                "MarginViews",
                "FileSafety",
                "SpotifyLinks",
                "SpotifyClient",
                "NoteStore",
                "NoteCapture",
                "NoteTransfer",
                "SyncHub",
                "PodcastLibrary",
                "Voice",
                "Watch",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "margin",
            dependencies: ["MarginCLI"],
            swiftSettings: strict,
            linkerSettings: staticRuntime
        ),
        // `margin sync`'s work, run by margin: the hub's code and libpq load only when a sync runs.
        .executableTarget(
            name: "margin-sync",
            dependencies: ["NoteSync", "SyncHub", "NoteStore", "NoteTransfer", "FileSafety", "MarginViews", "SpotifyClient"],
            swiftSettings: strict,
            linkerSettings: staticRuntime
        ),
        .target(
            name: "SpotifyEmulator",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                "CAuthority",
                "CDigest",
                "ServerTLS",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "spotify-emulator",
            dependencies: [
                "SpotifyEmulator",
                "FileSafety",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        // The token swap and refresh service for a household sharing one Spotify app: the
        // Hummingbird application, AES-GCM sealing of refresh tokens, rate limiting.
        .target(
            name: "TokenService",
            dependencies: [
                "SpotifyClient",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                "ServerTLS",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                "CSeal",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "margin-token-service",
            dependencies: [
                "TokenService", "FileSafety",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "SpotifyClientTests",
            dependencies: ["TestSupport", "SpotifyClient", "SpotifyEmulator"],
            swiftSettings: testing
        ),
        // Notes, pins, clocks and store checks that the store's and the formats' tests share.
        .target(name: "NoteFixtures", dependencies: ["NoteStore"], path: "Tests/NoteFixtures", swiftSettings: testing),
        // What the tests share beyond notes: waiting for an event (Waiting), scoped servers and folders
        // (Scoped), a peer that never answers (Hanging), and a plain TCP client for the servers' tests,
        // which sends what an HTTP client library will not (RawSocket).
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: testing),
        .testTarget(
            name: "NoteStoreTests",
            dependencies: ["TestSupport", "NoteStore", "NoteTransfer", "NoteFixtures", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: testing
        ),
        .testTarget(
            name: "NoteTransferTests",
            dependencies: ["TestSupport", "NoteTransfer", "NoteStore", "NoteFixtures", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: testing
        ),
        .testTarget(name: "NoteCaptureTests", dependencies: ["NoteCapture", "FileSafety", "NoteStore", "SpotifyClient", "Voice", "SpotifyEmulator", "TestSupport"],
                    swiftSettings: testing),
        .testTarget(name: "WatchTests", dependencies: ["Watch", "NoteCapture", "NoteStore", "SpotifyClient", "Voice", "TestSupport"],
                    swiftSettings: testing),
        // The end-to-end tests drive the built binaries, and import none of margin's command code:
        // they compile while the rest of margin does.
        .testTarget(
            name: "MarginCLITests",
            dependencies: ["SpotifyEmulator", "NoteStore", "Voice", "TestSupport"],
            swiftSettings: testing
        ),
        // The command code's own rules, tested in-process.
        .testTarget(
            name: "MarginCLIRulesTests",
            dependencies: ["MarginCLI", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: testing
        ),
        .testTarget(name: "FileSafetyTests", dependencies: ["TestSupport", "FileSafety"], swiftSettings: testing),
        .testTarget(name: "SpotifyLinksTests", dependencies: ["SpotifyLinks"], swiftSettings: testing),
        .testTarget(name: "PodcastLibraryTests", dependencies: ["TestSupport", "PodcastLibrary", "NoteStore", "SpotifyClient"], swiftSettings: testing),
        .testTarget(
            name: "MarginViewsTests",
            dependencies: ["MarginViews", "NoteStore", "SpotifyClient", "PodcastLibrary"],
            swiftSettings: testing
        ),
        .testTarget(name: "MarginConfigTests", dependencies: ["MarginConfig", "SpotifyClient"], swiftSettings: testing),
        .testTarget(name: "SpotifyEmulatorTests", dependencies: ["TestSupport", "SpotifyEmulator"], swiftSettings: testing),
        .testTarget(name: "VoiceTests", dependencies: ["TestSupport", "Voice"], swiftSettings: testing),
        .testTarget(name: "SyncHubTests", dependencies: ["TestSupport", "SyncHub"], swiftSettings: testing),
        .testTarget(name: "NoteSyncTests", dependencies: ["TestSupport", "NoteSync", "NoteStore", "NoteTransfer", "SyncHub"], swiftSettings: testing),
        .testTarget(
            name: "TokenServiceTests",
            dependencies: [
                "TokenService", "SpotifyEmulator", "SpotifyClient", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: testing
        ),
    ],
    swiftLanguageModes: [.v6]
)
