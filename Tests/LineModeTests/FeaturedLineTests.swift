import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// toot's last commands in Parla: who boosted or favourited a post, a hashtag's week, featured hashtags and
/// the posts sharing a link, from the real `parla` binary against its embedded instance.
@Suite(.serialized) struct FeaturedLineTests {
    let dataDir = TestPaths.temporaryDirectory("parla-featured")

    private func parla(_ arguments: [String]) async throws -> Command.Result {
        try await Command.runDetached([TestPaths.parlaExecutable.path] + arguments + ["--data-dir", dataDir.path, "--lang", "en"],
                                      environment: TestEnvironment.forParla)
    }

    private func json(_ arguments: [String]) async throws -> Any {
        let result = try await parla(arguments + ["--json"])
        #expect(result.status == 0, "\(result.errors)")
        return try JSONSerialization.jsonObject(with: Data(result.output.utf8))
    }

    @Test func whoBoostedAndWhoFavouritedAPost() async throws {
        let posted = try await parla(["post", "Heron count at the estuary"])
        let id = String(posted.output.split(separator: " ").last?.dropLast(2) ?? "")
        #expect(try await parla(["boosted-by", id]).output == "No one has boosted this post.\n")
        #expect(try await parla(["favourited-by", id]).output == "No one has favourited this post.\n")
        _ = try await parla(["boost", id])
        _ = try await parla(["favourite", id])
        let boosters = try #require(try await json(["boosted-by", id]) as? [[String: Any]])
        #expect(boosters.map { $0["acct"] as? String } == ["owner"])
        let favouriters = try #require(try await json(["favourited-by", id]) as? [[String: Any]])
        #expect(favouriters.map { $0["acct"] as? String } == ["owner"])
        let missing = try await parla(["boosted-by", "999999"])
        #expect(missing.status == 65, "\(missing.errors)")
    }

    @Test func aHashtagsWeekAndFeaturedHashtags() async throws {
        #expect(try await parla(["tags", "info", "#birds"]).output == "#birds: 2 posts by 2 people this week.\n")
        let info = try #require(try await json(["tags", "info", "birds"]) as? [String: Any])
        #expect(info["uses"] as? Int == 2 && info["following"] as? Bool == false)

        #expect(try await parla(["tags", "featured"]).output == "No hashtags are featured on your profile.\n")
        #expect(try await parla(["tags", "feature", "#birds"]).output == "#birds is featured on your profile.\n")
        _ = try await parla(["post", "Two herons today #birds"])
        #expect(try await parla(["tags", "featured"]).output == "#birds: 1 of your posts.\n")
        let featured = try #require(try await json(["tags", "featured"]) as? [[String: Any]])
        #expect(featured.map { $0["name"] as? String } == ["birds"])
        #expect(try await parla(["tags", "unfeature", "birds"]).output == "#birds is no longer featured on your profile.\n")
        let again = try await parla(["tags", "unfeature", "birds"])
        #expect(again.status == 65)
        #expect(again.errors == "#birds is not featured on your profile.\n")
    }

    @Test func thePostsSharingALink() async throws {
        let posts = try #require(try await json(["timeline", "link", "https://github.com/espeak-ng/espeak-ng"]) as? [[String: Any]])
        #expect(!posts.isEmpty)
        #expect(posts.allSatisfy { ($0["text"] as? String)?.contains("github.com/espeak-ng/espeak-ng") == true }, "\(posts.map { $0["text"] ?? "" })")
        #expect(try await parla(["timeline", "link", "https://nowhere.example/none"]).output.hasPrefix("No posts"))
        let usage = try await parla(["timeline", "link"])
        #expect(usage.status == 2)
    }
}
