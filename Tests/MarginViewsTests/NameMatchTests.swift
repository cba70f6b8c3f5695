import MarginViews
import Testing

@Suite("finding the one item a name means")
struct NameMatchTests {
    private struct Item { var id: String; var name: String? }
    private let items = [Item(id: "a", name: "Ep. 42 — Naming things"), Item(id: "b", name: "Ep. 43 — Naming more things"),
                         Item(id: "c", name: "Café  Crème"), Item(id: "d", name: nil)]

    private func one(_ name: String) throws -> String? {
        try NameMatch.one(name, kind: "episode", in: items, name: \.name, id: \.id)?.id
    }

    @Test("an exact name wins over names that contain it; case, accents and spaces do not count")
    func exact() throws {
        #expect(try one("ep. 42 — naming THINGS") == "a")
        #expect(try one("cafe creme") == "c")
        #expect(try one("43") == "b")
        #expect(try one("nothing like it") == nil)
        #expect(try one("   ") == nil)
    }

    @Test("a name that starts one name wins over names that merely contain it")
    func prefix() throws {
        let shows = [Item(id: "x", name: "Kitchen speaker"), Item(id: "y", name: "Old kitchen radio"),
                     Item(id: "z", name: "Signals & Noise 1"), Item(id: "w", name: "Signals & Noise 11")]
        func show(_ name: String) throws -> String? { try NameMatch.one(name, kind: "show", in: shows, name: \.name, id: \.id)?.id }
        #expect(try show("kitchen") == "x")
        #expect(try show("radio") == "y")
        #expect(try show("signals & noise 1") == "z")
        #expect(throws: NameMatchFailure.ambiguous(kind: "show", name: "signals",
                                                  candidates: ["'Signals & Noise 1' (z)", "'Signals & Noise 11' (w)"])) {
            try show("signals")
        }
    }

    @Test("a name inside several names lists them")
    func ambiguous() throws {
        #expect(throws: NameMatchFailure.ambiguous(kind: "episode", name: "naming",
                                                  candidates: ["'Ep. 42 — Naming things' (a)", "'Ep. 43 — Naming more things' (b)"])) {
            try one("naming")
        }
    }
}
