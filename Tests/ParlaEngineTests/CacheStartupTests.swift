import Foundation
import MicroblogKit
@testable import ParlaEngine
import MicroblogKitTesting
import Testing

@Suite struct CacheStartupTests {
    /// Start-up reads the newest page of a full timeline from a file opened afresh.
    @Test func openingAFullCacheAndReadingTheNewestPageIsCheap() throws {
        let path = temporaryFolder().appendingPathComponent("cache.sqlite3").path
        let insertStart = ContinuousClock.now
        do {
            let cache = try TimelineCache(path: path)
            try cache.insert(Fixtures.posts(100_000...102_199), into: "home")
            #expect(try cache.count("home") == 2_000)
        }
        let insertTime = ContinuousClock.now - insertStart
        let start = ContinuousClock.now
        let cache = try TimelineCache(path: path)
        let page = try cache.posts("home", limit: 40)
        let elapsed = ContinuousClock.now - start
        #expect(page.first?.id == "102199")
        #expect(page.count == 40)
        print("cache: insert 2200 posts \(insertTime), reopen + newest 40 \(elapsed)")
        #expect(elapsed < .seconds(1))
    }
}
