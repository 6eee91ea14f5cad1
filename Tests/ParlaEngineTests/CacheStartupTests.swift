import Foundation
import MicroblogKit
@testable import ParlaEngine
import MicroblogKitTesting
import Testing

@Suite struct CacheStartupTests {
    /// Start-up reads the newest page of a full timeline from a file opened afresh: the 2,000 kept posts
    /// survive the reopen and the newest 40 come first. (How long it takes is the bench's `cold_start_ms`,
    /// not a timed unit test.)
    @Test func openingAFullCacheReadsTheNewestPage() throws {
        let path = temporaryFolder().appendingPathComponent("cache.sqlite3").path
        do {
            let cache = try TimelineCache(path: path)
            try cache.insert(Fixtures.posts(100_000...102_199), into: "home")
            #expect(try cache.count("home") == 2_000)
        }
        let cache = try TimelineCache(path: path)
        let page = try cache.posts("home", limit: 40)
        #expect(page.map(\.id) == (102_160...102_199).reversed().map(String.init))
        #expect(try cache.count("home") == 2_000)
    }
}
