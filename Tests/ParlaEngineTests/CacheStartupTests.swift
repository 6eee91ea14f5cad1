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
            try cache.insert(Fixtures.posts(100_000...102_199).reversed(), into: "home")
            #expect(try cache.count("home") == 2_000)
        }
        let cache = try TimelineCache(path: path)
        let page = try cache.posts("home", limit: 40)
        #expect(page.map(\.id) == (102_160...102_199).reversed().map(String.init))
        #expect(try cache.count("home") == 2_000)
    }
}

/// Issue 20: parallel `parla post` commands on an account whose cache is new each open it at the same time;
/// GRDB's migrator is safe within one connection pool only, so each would create the same tables ("table
/// posts already exists", exit 74). Pools of their own in one process race the same way.
@Suite struct CacheParallelOpenTests {
    @Test func fourOpensOfANewCacheAtOnceAllSucceed() throws {
        for round in 0..<10 {
            let path = temporaryFolder().appendingPathComponent("cache-\(round).sqlite3").path
            let failures = Failures()
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                do { _ = try TimelineCache(path: path) } catch { failures.add("\(error)") }
            }
            #expect(failures.all.isEmpty, "round \(round): \(failures.all)")
        }
    }

    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func add(_ failure: String) { lock.withLock { list.append(failure) } }
        var all: [String] { lock.withLock { list } }
    }
}
