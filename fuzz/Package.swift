// swift-tools-version:6.2
// libFuzzer harnesses for margin's parsers of user and network input, kept apart from the main
// package so that `make test` stays fast.
//
//   ./scripts/fuzz.sh 10        # check the links, build, then run every target for 10 seconds
//
// Build by hand (debug, so @testable import works):
//   swift build --package-path fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//
// How the modules are made. Each library target below has the name of a module of the main
// package, but holds only the files of it that the harnesses' parsers need: Sources/<Module>/
// here is a folder of symlinks, one per file, to ../../../Sources/<Module>/<path> (flat: a file
// from a subfolder, such as SpotifyClient/Models/Raw/RawEpisode.swift, is linked as
// RawEpisode.swift). The fuzzed code is therefore the product's own files, compiled as they
// are, while none of swift-nio, NIOSSL, Hummingbird, PostgresNIO, swift-crypto,
// Subprocess or ArgumentParser is built: the only package dependency is GRDB, which the `import`
// target needs for the real NoteDatabase it imports into. fuzz/README.md lists the files.
//
// One declaration stands in for a library: ArgumentParser/ExpressibleByArgument.swift, a regular
// (not linked) file holding the one protocol of swift-argument-parser that MarginCLI's
// ArgumentValues.swift conforms to. Where a parser's type shared a file with code that needs
// a library (FormEncoding, TLSFailure, HubError), the type has a file of its own in Sources.
//
// When a parser starts to use something from another file, the build stops with "cannot find
// 'X' in scope" (or "has no member 'x'"). Find the file in Sources/<Module> that declares it
// and link it next to the others, e.g.
//   cd fuzz/Sources/NoteStore && ln -s ../../../Sources/NoteStore/NewFile.swift .
// If that file imports a library this package does not build, link it only if the library is
// worth building here; otherwise split the declaration into a file of its own in Sources.
// fuzz/check-links.sh (run by scripts/fuzz.sh) fails, naming the link, when a linked file has
// been renamed or removed in Sources.
import PackageDescription

let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

/// Each harness and the modules it imports.
let fuzzTargets: [(name: String, modules: [Target.Dependency])] = [
    ("fuzz-time", ["MarginViews"]),
    ("fuzz-ref", ["MarginCLI", "MarginViews"]),
    ("fuzz-date", ["MarginViews"]),
    ("fuzz-config", ["MarginConfig"]),
    ("fuzz-credentials", ["SpotifyClient"]),
    ("fuzz-import", ["NoteStore", "NoteTransfer"]),
    ("fuzz-spotify", ["SpotifyClient"]),
    ("fuzz-callback", ["SpotifyClient"]),
    ("fuzz-wav", ["Voice"]),
    ("fuzz-hub", ["SyncHub", "NoteSync"]),
]

let package = Package(
    name: "margin-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
    ],
    targets: [
        .target(name: "FuzzDriver"),
        .target(name: "ArgumentParser", swiftSettings: strict),
        .target(name: "FileSafety", swiftSettings: strict),
        .target(name: "SpotifyLinks", swiftSettings: strict),
        .target(name: "SpotifyClient", dependencies: ["SpotifyLinks"], swiftSettings: strict),
        .target(name: "CSQLiteSetup", linkerSettings: [.linkedLibrary("sqlite3")]),
        .target(name: "NoteStore", dependencies: ["SpotifyLinks", "CSQLiteSetup", .product(name: "GRDB", package: "GRDB.swift")],
                swiftSettings: strict),
        .target(name: "NoteTransfer", dependencies: ["NoteStore"], swiftSettings: strict),
        .target(name: "SyncHub", swiftSettings: strict),
        .target(name: "NoteSync", swiftSettings: strict),
        .target(name: "Voice", dependencies: ["FileSafety"], swiftSettings: strict),
        .target(name: "MarginConfig", swiftSettings: strict),
        .target(name: "MarginViews", dependencies: ["SpotifyLinks", "NoteStore"], swiftSettings: strict),
        .target(name: "MarginCLI", dependencies: ["ArgumentParser", "MarginViews", "NoteStore"], swiftSettings: strict),
    ] + fuzzTargets.map { target in
        .executableTarget(name: target.name, dependencies: ["FuzzDriver"] + target.modules, swiftSettings: strict)
    },
    swiftLanguageModes: [.v6]
)
