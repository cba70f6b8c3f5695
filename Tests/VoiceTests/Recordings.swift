import Foundation

/// Real recordings from Debian's pocketsphinx-testdata, with their transcripts.
enum Recordings {
    static let directory = "/usr/share/pocketsphinx/test/data"
    static let librivox = directory + "/librivox"
    /// "go forward ten meters": 16 kHz mono raw samples.
    static let goForward = directory + "/goforward.raw"

    /// The LibriVox clips and what they say (from the package's `transcription` file).
    static func librivoxClips() throws -> [(file: String, words: [String])] {
        let listing = try String(contentsOfFile: librivox + "/transcription", encoding: .utf8)
        return listing.split(separator: "\n").compactMap { line -> (file: String, words: [String])? in
            guard let open = line.lastIndex(of: "("), let close = line.lastIndex(of: ")") else { return nil }
            let name = line[line.index(after: open)..<close]
            let words: [String] = line[..<open].split(separator: " ").map(String.init).filter { $0 != "<s>" && $0 != "</s>" }
            return (librivox + "/\(name).wav", words)
        }
    }
}
