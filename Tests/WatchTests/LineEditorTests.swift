import Testing
@testable import Watch

@Suite("The note line editor")
struct LineEditorTests {
    func edited(_ keys: [Key], from text: String = "") -> String {
        var editor = LineEditor(text)
        for key in keys { _ = editor.apply(key) }
        return editor.text
    }

    @Test("typing and pasting append; Backspace removes a whole character, not a byte")
    func typing() {
        #expect(edited([.character("c"), .character("a"), .paste("fé 🎧")]) == "café 🎧")
        #expect(edited([.backspace], from: "cafe\u{301}") == "caf")
        #expect(edited([.backspace, .backspace], from: "a🇩🇪") == "")
    }

    @Test("Ctrl-W removes the last word and the spaces after it; Ctrl-U everything")
    func words() {
        #expect(edited([.deleteWord], from: "cache stampedes  ") == "cache ")
        #expect(edited([.clearLine], from: "cache stampedes") == "")
    }

    @Test("a text wider than the screen shows its end, after an ellipsis, within the width")
    func longText() {
        let editor = LineEditor(String(repeating: "a", count: 100) + "END")
        let shown = editor.visible(width: 20)
        #expect(shown.hasPrefix("…") && shown.hasSuffix("END"))
        #expect(Cells.width(shown) <= 19)
        #expect(Cells.width(LineEditor(String(repeating: "日", count: 30)).visible(width: 21)) <= 20)
    }

    @Test("control characters typed or pasted are shown harmless")
    func controlCharacters() {
        #expect(!LineEditor("a\u{1B}[2Jb").visible(width: 40).contains("\u{1B}"))
    }
}
