import Foundation
import TestSupport
import Testing

/// A margin built in this checkout and run from its build folder (the README's trial) finds
/// the checkout's Whisper helper with no variable set.
@Suite("the Whisper helper of a build in the checkout")
struct WhisperCheckoutTests {
    /// This checkout.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test("transcribe --engines from the checkout's build folder names scripts/margin-whisper as the helper")
    func buildFindsScript() async throws {
        let built = URL(fileURLWithPath: MarginProcess.marginPath).resolvingSymlinksInPath().path
        try #require(built.hasPrefix(Self.root + "/.build/"), "the margin under test is built in this checkout: \(built)")
        try await using(try await Sandbox.start()) { sandbox in
            var environment = sandbox.environment()
            environment["MARGIN_WHISPER"] = nil
            let engines = try await MarginProcess.run(["transcribe", "--engines"], environment: environment)
            #expect(engines.status == 0, "\(engines.stderr)")
            #expect(engines.stdout.contains("\n  helper: \(Self.root)/scripts/margin-whisper\n"), "\(engines.stdout)")
            #expect(!engines.stdout.contains("helper missing"), "\(engines.stdout)")
        }
    }
}
