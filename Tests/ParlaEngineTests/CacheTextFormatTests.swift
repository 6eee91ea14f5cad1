import Foundation
import GRDB
import MicroblogKit
import MicroblogKitTesting
@testable import ParlaEngine
import Testing

/// Issue 27, item 1: texts are stored as runs. A cache written while they were the server's HTML opens
/// without a crash: what cannot be read back is fetched again, and what the user did is kept.
@Suite struct CacheTextFormatTests {
    /// The JSON of `value` with `content` and every account's `note` turned back into HTML strings, as
    /// a cache written before ``RichText`` held them.
    static func oldJSON(_ value: some Encodable) throws -> Data {
        func downgrade(_ object: Any) -> Any {
            if var dictionary = object as? [String: Any] {
                for (key, value) in dictionary {
                    switch key {
                    case "content": dictionary[key] = "<p>old &amp; HTML</p>"
                    case "note": dictionary[key] = "<p>A bio</p>"
                    default: dictionary[key] = downgrade(value)
                    }
                }
                return dictionary
            }
            if let array = object as? [Any] { return array.map(downgrade) }
            return object
        }
        let object = try JSONSerialization.jsonObject(with: TimelineCache.encode(value))
        return try JSONSerialization.data(withJSONObject: downgrade(object), options: .sortedKeys)
    }

    @Test func aCacheWithHTMLTextsOpensForgetsThosePostsAndKeepsReadPositionsAndNewPosts() throws {
        let path = temporaryFolder().appendingPathComponent("accounts/ana/cache.sqlite3").path
        do {
            let cache = try TimelineCache(path: path)
            _ = try cache.insert(["3", "2", "1"].map { Fixtures.post($0) }, into: "home")
            _ = try cache.addGap(timeline: "home", newerId: "2", olderId: "1", cursor: "below:2")
            _ = try cache.insert([Fixtures.post("9")], into: "local")
            _ = try cache.insert([Fixtures.notification("n1", kind: .favourite, post: Fixtures.post("3"))])
            try cache.setReadPosition(.init(timeline: "home", lastReadId: "2", needsUpload: false))
        }
        // As the file was before texts were runs: home's posts and the notification hold HTML strings, and
        // the migration that reads them has not run.
        do {
            let old = try DatabaseQueue(path: path)
            try old.write { db in
                for id in ["3", "2", "1"] {
                    try db.execute(sql: "UPDATE posts SET json = ? WHERE id = ?", arguments: [try Self.oldJSON(Fixtures.post(id)), id])
                }
                try db.execute(sql: "UPDATE notifications SET json = ?",
                               arguments: [try Self.oldJSON(Fixtures.notification("n1", kind: .favourite, post: Fixtures.post("3")))])
                try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'rich_text'")
            }
            #expect(throws: (any Error).self) { try JSONDecoder().decode(Post.self, from: try Self.oldJSON(Fixtures.post("1"))) }
        }
        let cache = try TimelineCache(path: path)
        #expect(try cache.posts("home").isEmpty)
        #expect(try cache.gaps("home").isEmpty)
        #expect(try cache.post(id: "2") == nil)
        #expect(try cache.notifications().isEmpty)
        #expect(try cache.posts("local").map(\.content) == [.plain("post 9")])
        #expect(try cache.readPosition("home")?.lastReadId == "2")
        // Fetched again, the posts go in as into a new cache.
        _ = try cache.insert(["3", "2"].map { Fixtures.post($0) }, into: "home")
        #expect(try cache.posts("home").map(\.content.source) == ["post 3", "post 2"])
    }
}
