import Testing
@testable import NoteSync

/// How a pull sizes its pages: growing while each is written in bulk, and never leaving a
/// small last page to be written row by row.
@Suite("a pull's pages")
struct PullPageTests {
    /// The pages a pull of `total` notes into an empty store asks for.
    func pages(_ total: Int64) -> [Int] {
        var (stored, pages) = (Int64(0), [Int]())
        while stored < total {
            let size = Hub.pageSize(stored: stored, remaining: total - stored)
            pages.append(size)
            stored += min(Int64(size), total - stored)
        }
        return pages
    }

    @Test("a first pull of 100 000 notes: 10 000, 20 002, then the rest in one bulk page, not 60 006 and a last 9 992")
    func firstPull() {
        #expect(pages(100_000) == [10_000, 20_002, 69_998])
    }

    @Test("a rest of more than a page beyond the bulk page is left for the pages after it")
    func largePull() {
        let pages = pages(1_000_000)
        #expect(Array(pages.prefix(3)) == [10_000, 20_002, 60_006])
        #expect(pages.dropFirst(3).allSatisfy { $0 == Hub.pullPage })
    }

    @Test("small pulls and a store that holds many notes keep the usual page")
    func usual() {
        #expect(pages(6_000) == [10_000])
        #expect(pages(15_000) == [15_000])
        #expect(Hub.pageSize(stored: 500_000, remaining: 12_000) == Hub.pullPage)
        #expect(Hub.pageSize(stored: 0, remaining: 0) == Hub.pullPage)
    }
}
