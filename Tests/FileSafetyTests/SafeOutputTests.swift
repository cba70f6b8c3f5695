import FileSafety
import Foundation
import Testing

@Suite("output to a terminal")
struct SafeOutputTests {
    @Test("the terminal filter gives the same bytes however its input is cut into chunks")
    func chunks() throws {
        let input = Array("a\u{1B}[2J\u{07}b\r\nc\rd\u{9B}e\u{85}f\tg\n\u{7F}é£€🎧\u{0}z\r".utf8)
        let expected = Array("a\u{FFFD}[2J\u{FFFD}b\r\nc\u{FFFD}d\u{FFFD}e\u{FFFD}f\tg\n\u{FFFD}é£€🎧\u{FFFD}z\u{FFFD}".utf8)
        for cut in 0...input.count {
            let pipe = Pipe()
            var output = SafeOutput(OutputFile(descriptor: pipe.fileHandleForWriting.fileDescriptor, name: "a pipe"), filters: true)
            try output.write(Data(input[..<cut]))
            try output.write(Data(input[cut...]))
            try output.finish()
            try pipe.fileHandleForWriting.close()
            #expect(Array(pipe.fileHandleForReading.readDataToEndOfFile()) == expected, "cut at byte \(cut)")
        }
        let plain = Pipe()
        var unfiltered = SafeOutput(OutputFile(descriptor: plain.fileHandleForWriting.fileDescriptor, name: "a pipe"))
        #expect(!unfiltered.filters, "a pipe is not a terminal")
        try unfiltered.write(Data(input))
        try unfiltered.finish()
        try plain.fileHandleForWriting.close()
        #expect(Array(plain.fileHandleForReading.readDataToEndOfFile()) == input)
    }
}
