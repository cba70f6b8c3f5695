// swift-tools-version:6.2
// A release-mode benchmark of NoteStore's import and export, kept apart from the main package
// so that it builds only GRDB, NoteStore and NoteTransfer (whose sources, and those of CSQLiteSetup,
// it shares through symlinks).
//
//   cd bench/notestore && swift build -c release
//   .build/release/notestore-bench generate /tmp/notes.jsonl 1000000
//   .build/release/notestore-bench import /tmp/notes.jsonl /tmp/bench.sqlite
//   .build/release/notestore-bench export /tmp/bench.sqlite jsonl /tmp/again.jsonl
//   .build/release/notestore-bench list /tmp/bench.sqlite 512ojhOuo1ktJprKbV1234
//   .build/release/notestore-bench list /tmp/bench.sqlite --tag idea --show 5CfCWKI5pZ28U0uOzXkDHe --limit 20
//   .build/release/notestore-bench search /tmp/bench.sqlite "cache stampede"
import PackageDescription

let package = Package(
    name: "notestore-bench",
    platforms: [.macOS(.v15)],
    dependencies: [.package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0")],
    targets: [
        .target(
            name: "NoteStore", dependencies: ["CSQLiteSetup", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .target(name: "CSQLiteSetup", linkerSettings: [.linkedLibrary("sqlite3")]),
        .target(
            name: "NoteTransfer", dependencies: ["NoteStore"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        .executableTarget(name: "notestore-bench", dependencies: ["NoteStore", "NoteTransfer"]),
    ],
    swiftLanguageModes: [.v6]
)
