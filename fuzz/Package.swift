// swift-tools-version:6.2
// libFuzzer harnesses for margin's parsers of user and network input, kept apart from the main
// package so that `make test` stays fast. FileSafety, SpotifyLinks, SpotifyClient, NoteStore, NoteTransfer, NoteCapture, Watch,
// Voice, CPocketSphinx, NoteSync, PodcastLibrary, MarginConfig, MarginViews and MarginCLI are shared through
// symlinks in Sources/; the external dependencies match the main Package.swift.
//
//   ./scripts/fuzz.sh 10        # build, then run every target for 10 seconds
//
// Build by hand (debug, so @testable import works):
//   swift build --package-path fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
import PackageDescription

let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let fuzzTargets = ["fuzz-time", "fuzz-ref", "fuzz-date", "fuzz-config", "fuzz-credentials",
                   "fuzz-import", "fuzz-spotify", "fuzz-callback", "fuzz-wav", "fuzz-hub"]

let package = Package(
    name: "margin-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess.git", from: "1.0.2"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
    ],
    targets: [
        .target(name: "FuzzDriver"),
        .target(name: "FileSafety", swiftSettings: strict),
        .target(name: "SpotifyLinks", swiftSettings: strict),
        .target(
            name: "SpotifyClient",
            dependencies: [
                "FileSafety",
                "SpotifyLinks",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .target(name: "NoteStore", dependencies: ["SpotifyLinks", "CSQLiteSetup", .product(name: "GRDB", package: "GRDB.swift")], swiftSettings: strict),
        .target(name: "CSQLiteSetup", linkerSettings: [.linkedLibrary("sqlite3")]),
        .target(name: "NoteTransfer", dependencies: ["NoteStore", "SpotifyLinks"], swiftSettings: strict),
        .target(name: "NoteCapture", dependencies: ["SpotifyClient", "NoteStore", "Voice"], swiftSettings: strict),
        .target(name: "Watch", dependencies: ["MarginViews", "FileSafety", "SpotifyClient", "NoteStore", "NoteCapture", "Voice"], swiftSettings: strict),
        .target(name: "CPocketSphinx"),
        .target(name: "Voice", dependencies: ["FileSafety", "CPocketSphinx", .product(name: "Subprocess", package: "swift-subprocess")], swiftSettings: strict),
        .target(
            name: "NoteSync",
            dependencies: [
                "NoteStore", "NoteTransfer",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .target(name: "PodcastLibrary", dependencies: ["SpotifyClient", "SpotifyLinks", "NoteStore"], swiftSettings: strict),
        .target(name: "MarginConfig", dependencies: ["SpotifyClient"], swiftSettings: strict),
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
                "NoteSync",
                "PodcastLibrary",
                "Voice",
                "Watch",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
    ] + fuzzTargets.map { name in
        .executableTarget(name: name, dependencies: ["FuzzDriver", "SpotifyClient", "NoteStore", "NoteTransfer", "MarginConfig", "MarginViews", "MarginCLI", "Voice", "NoteSync"],
                          swiftSettings: strict)
    },
    swiftLanguageModes: [.v6]
)
