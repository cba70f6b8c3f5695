import Foundation
import Testing
@testable import SpotifyClient

/// Inputs found by the libFuzzer harnesses in fuzz/ (see scripts/fuzz.sh); each used to trap.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    func page(_ json: String) throws -> RawPage<RawEpisode> {
        try JSONDecoder().decode(RawPage<RawEpisode>.self, from: Data(json.utf8))
    }

    @Test("a page whose offset is Int.max does not overflow (fuzz/corpus/spotify/regress-page-offset-int-max)")
    func replyOffsetAtIntMax() throws {
        let raw = try page(#"{"items":[null,{"id":"x"}],"offset":9223372036854775807}"#)
        let mapped = Page(raw, offset: 0, limit: 20) { Episode($0) }
        #expect(mapped.offset == Int.max)
        #expect(mapped.total == Int.max)
        #expect(mapped.hasMore == false)
    }

    @Test("a requested offset of Int.max does not overflow (fuzz/corpus/spotify/regress-page-requested-offset-int-max)")
    func requestedOffsetAtIntMax() throws {
        let raw = try page(#"{"items":[null,{"id":"x"}],"total":1e400,"next":null}"#)
        let mapped = Page(raw, offset: Int.max, limit: 50) { Episode($0) }
        #expect(mapped.offset == Int.max && mapped.hasMore == false)
    }

    @Test("a negative offset near Int.min still maps")
    func offsetNearIntMin() throws {
        let raw = try page(#"{"items":[{"id":"x"}],"offset":-9223372036854775808}"#)
        let mapped = Page(raw, offset: 0, limit: 20) { Episode($0) }
        #expect(mapped.offset == Int.min)
    }
}
