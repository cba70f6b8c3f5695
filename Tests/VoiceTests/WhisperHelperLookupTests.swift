import Foundation
import TestSupport
import Testing
import Voice

/// Where margin finds `margin-whisper` with no variable set: installed beside it, and for a
/// margin built in its checkout, the checkout's `scripts/margin-whisper`, and nothing else.
@Suite("finding the Whisper helper")
struct WhisperHelperLookupTests {
    /// margin's manifest, in short (in one line: scripts/check-imports.sh reads an `import` at
    /// the start of a line as the test target's own).
    static let manifest = "// swift-tools-version:6.2\nimport PackageDescription\n\n"
        + "let package = Package(\n    name: \"margin\",\n    products: []\n)\n"

    /// A checkout in a fresh folder: margin's manifest, its script, and SwiftPM's build folders
    /// with a margin in each (`.build/debug` links to the platform's folder, as SwiftPM makes it).
    struct Checkout {
        let root: String
        var helper: String { root + "/scripts/margin-whisper" }

        init() throws {
            root = try temporaryDirectory("whisper-lookup") + "/margin"
            let files = FileManager.default
            for folder in ["scripts", ".build/x86_64-unknown-linux-gnu/debug", ".build/x86_64-unknown-linux-gnu/release", "bin", ".build/other"] {
                try files.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            }
            try files.createSymbolicLink(atPath: root + "/.build/debug", withDestinationPath: "x86_64-unknown-linux-gnu/debug")
            try files.createSymbolicLink(atPath: root + "/.build/release", withDestinationPath: "x86_64-unknown-linux-gnu/release")
            try write(WhisperHelperLookupTests.manifest, to: "Package.swift")
            try write("#!/usr/bin/env python3\n", to: "scripts/margin-whisper")
            for margin in [".build/x86_64-unknown-linux-gnu/debug/margin", ".build/x86_64-unknown-linux-gnu/release/margin",
                           "bin/margin", ".build/other/margin"] {
                try write("", to: margin)
            }
        }

        func write(_ text: String, to path: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + path))
        }

        /// The helper margin at `executable` (below the root) finds, with `environment`.
        func helper(for executable: String, environment: [String: String] = [:]) -> WhisperSetup {
            WhisperSetup.find(environment: environment, dataDirectory: root + "/no-data", executable: root + "/" + executable,
                              configuredModel: nil)
        }

        func remove() { try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent) }
    }

    @Test("a debug or release build of margin in its checkout finds the checkout's scripts/margin-whisper",
          arguments: [".build/x86_64-unknown-linux-gnu/debug/margin", ".build/x86_64-unknown-linux-gnu/release/margin",
                      ".build/debug/margin", ".build/release/margin"])
    func buildFolders(executable: String) throws {
        let checkout = try Checkout()
        defer { checkout.remove() }
        let setup = checkout.helper(for: executable)
        #expect(setup.helper == checkout.helper)
        #expect(setup.helpersTried.last == checkout.helper)
    }

    @Test("MARGIN_WHISPER alone is looked at when set, and one installed beside margin comes first")
    func precedence() throws {
        let checkout = try Checkout()
        defer { checkout.remove() }
        #expect(checkout.helper(for: ".build/debug/margin").helper == checkout.helper)
        let set = checkout.helper(for: ".build/debug/margin", environment: ["MARGIN_WHISPER": checkout.root + "/elsewhere"])
        #expect(set.helper == nil && set.helpersTried == [checkout.root + "/elsewhere"])
        try checkout.write("", to: ".build/x86_64-unknown-linux-gnu/debug/margin-whisper")
        #expect(checkout.helper(for: ".build/debug/margin").helper == checkout.root + "/.build/debug/margin-whisper")
    }

    @Test("the same checkout lends its helper to its build folders only, not to a margin elsewhere in it",
          arguments: ["bin/margin", ".build/other/margin", "margin"])
    func otherFolders(executable: String) throws {
        let checkout = try Checkout()
        defer { checkout.remove() }
        #expect(checkout.helper(for: ".build/debug/margin").helper == checkout.helper)
        let setup = checkout.helper(for: executable)
        #expect(setup.helper == nil, "\(setup.helpersTried)")
        #expect(!setup.helpersTried.contains(checkout.helper))
    }

    @Test("once the manifest is not margin's, or gone, the checkout lends no helper",
          arguments: [nil, "// swift-tools-version:6.2\nlet package = Package(\n    name: \"other\"\n)\n",
                      "let package = Package(name: \"margin\", products: [])\n"])
    func otherPackages(manifest: String?) throws {
        let checkout = try Checkout()
        defer { checkout.remove() }
        #expect(checkout.helper(for: ".build/debug/margin").helper == checkout.helper)
        if let manifest {
            try checkout.write(manifest, to: "Package.swift")
        } else {
            try FileManager.default.removeItem(atPath: checkout.root + "/Package.swift")
        }
        #expect(checkout.helper(for: ".build/debug/margin").helper == nil)
    }

    @Test("scripts/margin-whisper must be a file of the checkout: a link or a folder in its place is not taken")
    func linksAndFolders() throws {
        let checkout = try Checkout()
        defer { checkout.remove() }
        #expect(checkout.helper(for: ".build/debug/margin").helper == checkout.helper)
        let files = FileManager.default
        try checkout.write("#!/usr/bin/env python3\n", to: "bin/margin-whisper")
        try files.removeItem(atPath: checkout.helper)
        try files.createSymbolicLink(atPath: checkout.helper, withDestinationPath: checkout.root + "/bin/margin-whisper")
        #expect(checkout.helper(for: ".build/debug/margin").helper == nil)
        try files.removeItem(atPath: checkout.helper)
        try files.createDirectory(atPath: checkout.helper, withIntermediateDirectories: false)
        #expect(checkout.helper(for: ".build/debug/margin").helper == nil)
    }
}
