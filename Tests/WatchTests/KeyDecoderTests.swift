import Testing
@testable import Watch

@Suite("Keys from terminal bytes")
struct KeyDecoderTests {
    func keys(_ chunks: [UInt8]...) -> [Key] {
        var decoder = KeyDecoder()
        return chunks.flatMap { decoder.decode($0) }
    }

    @Test("letters, Enter, Backspace, Ctrl-U, Ctrl-W and Ctrl-C")
    func controls() {
        #expect(keys(Array("n q".utf8) + [0x0D, 0x7F, 0x15, 0x17, 0x03])
            == [.character("n"), .character(" "), .character("q"), .enter, .backspace, .clearLine, .deleteWord, .interrupt])
    }

    @Test("arrows in both encodings, and a lone ESC is the Esc key")
    func escapes() {
        #expect(keys(Array("\u{1B}[D\u{1B}[C\u{1B}OD".utf8)) == [.left, .right, .left])
        #expect(keys([0x1B]) == [.escape])
    }

    @Test("a sequence or a UTF-8 character split across reads comes out whole")
    func splitReads() {
        #expect(keys([0x1B, UInt8(ascii: "[")], [UInt8(ascii: "C")]) == [.right])
        let bytes = Array("é🎧".utf8)
        #expect(keys(Array(bytes[0..<1]), Array(bytes[1..<4]), Array(bytes[4...])) == [.character("é"), .character("🎧")])
    }

    @Test("a bracketed paste is one key, its line breaks spaces, even split across reads")
    func paste() {
        let pasted = Array("\u{1B}[200~two\nlines\u{1B}[201~".utf8)
        #expect(keys(pasted) == [.paste("two lines")])
        #expect(keys(Array(pasted[0..<10]), Array(pasted[10..<18]), Array(pasted[18...])) == [.paste("two lines")])
    }
}
