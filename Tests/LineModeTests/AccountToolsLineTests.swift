import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// Issue 18 item 4 in line mode: lists, hashtags, the profile, pins, notes and trends, from the real `parla`
/// binary against its embedded instance.
@Suite(.serialized) struct AccountToolsLineTests {
    let dataDir = TestPaths.temporaryDirectory("parla-account-tools")

    private func parla(_ arguments: [String]) async throws -> Command.Result {
        try await Command.runDetached([TestPaths.parlaExecutable.path] + arguments + ["--data-dir", dataDir.path, "--lang", "en"],
                                      environment: TestEnvironment.forParla)
    }

    private func json(_ arguments: [String]) async throws -> Any {
        let result = try await parla(arguments + ["--json"])
        #expect(result.status == 0, "\(result.errors)")
        return try JSONSerialization.jsonObject(with: Data(result.output.utf8))
    }

    @Test func aListCreatedFilledRenamedAndDeleted() async throws {
        #expect(try await parla(["lists", "create", "Birders"]).output == "List Birders created.\n")
        #expect(try await parla(["lists", "add", "birders", "@lucia"]).output == "@lucia added to the list Birders.\n")
        let members = try #require(try await json(["lists", "members", "Birders"]) as? [[String: Any]])
        #expect(members.map { $0["acct"] as? String } == ["lucia"])
        #expect(try await parla(["lists", "rename", "Birders", "Bird people"]).output == "List renamed to Bird people.\n")
        let lists = try #require(try await json(["lists"]) as? [[String: Any]])
        #expect(lists.map { $0["title"] as? String } == ["Accessibility", "Bird people"])
        #expect(try await parla(["lists", "remove", "Bird people", "@lucia"]).output == "@lucia taken off the list Bird people.\n")
        #expect(try await parla(["lists", "members", "Bird people"]).output == "Nobody is on the list Bird people.\n")
        #expect(try await parla(["lists", "delete", "Bird people"]).output == "List Bird people deleted.\n")
        let missing = try await parla(["lists", "delete", "Bird people"])
        #expect(missing.status == 65)
        #expect(missing.errors == "There is no list called Bird people. Your lists: Accessibility.\n")
    }

    @Test func aHashtagFollowedComesIntoHomeAndIsListed() async throws {
        #expect(try await parla(["tags"]).output == "You follow no hashtags.\n")
        #expect(try await parla(["tags", "follow", "#birds"]).output == "You follow #birds: its posts come into your home timeline.\n")
        #expect(try await parla(["tags", "followed"]).output == "#birds: 2 posts by 2 people this week. You follow it.\n")
        let home = try #require(try await json(["timeline", "home", "--limit", "40"]) as? [[String: Any]])
        #expect(home.contains { $0["acct"] as? String == "nora" })
        let unfollowed = try #require(try await json(["tags", "unfollow", "birds"]) as? [String: Any])
        #expect(unfollowed["following"] as? Bool == false)
        #expect(unfollowed["name"] as? String == "birds")
    }

    @Test func theProfileUpdatedKeepsWhatWasNotNamed() async throws {
        let updated = try await parla(["profile", "update", "--name", "Dani", "--field", "Town=Girona", "--locked"])
        #expect(updated.output == """
            Profile saved.
            Name: Dani
            Bio: Bookbinder in Bristol, learning to read the fediverse by ear. This is my own little Parla instance.
            Pronouns: he/him
            Workshop: Reyes Bindery, Stokes Croft
            Town: Girona
            Locked: follow requests need your approval.

            """, "\(updated.errors)")
        let profile = try #require(try await json(["profile", "update", "--remove-field", "town", "--unlocked", "--bio", "Bread."]) as? [String: Any])
        #expect(profile["display_name"] as? String == "Dani")
        #expect(profile["note"] as? String == "Bread.")
        #expect(profile["locked"] as? Bool == false)
        #expect((profile["fields"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Pronouns", "Workshop"])
        let tooMany = try await parla(["profile", "update", "--field", "A=1", "--field", "B=2", "--field", "C=3"])
        #expect(tooMany.status == 65)
        #expect(tooMany.errors == "A profile has at most 4 fields.\n")
        let bad = try await parla(["profile", "update", "--field", "nothing"])
        #expect(bad.status == 2)
        #expect(bad.errors == "parla: A field is written NAME=VALUE. See parla --help.\n")
    }

    @Test func pinAPostSeeItPinnedAndANoteSaidWithTheUser() async throws {
        let posted = try #require(try await json(["post", "Keep this on top"]) as? [[String: Any]])
        let id = try #require(posted.first?["id"] as? String)
        #expect(try await parla(["pin", id]).output == "Pinned to your profile.\n")
        let pinned = try #require(try await json(["pinned"]) as? [[String: Any]])
        #expect(pinned.map { $0["id"] as? String } == [id])
        #expect(try await parla(["unpin", id]).output == "Unpinned from your profile.\n")
        #expect(try await parla(["pinned"]).output == "No pinned posts.\n")

        #expect(try await parla(["note", "@lucia", "Met at the estuary count"]).output == "Your note on @lucia is saved.\n")
        let user = try await parla(["user", "@lucia"])
        #expect(user.output.hasSuffix("You follow them. They follow you. Your note: Met at the estuary count\n"), "\(user.output)")
        #expect(try await parla(["note", "@lucia", ""]).output == "Your note on @lucia is removed.\n")
    }

    @Test func trendingPostsTagsAndLinks() async throws {
        let posts = try #require(try await json(["trending", "--limit", "3"]) as? [[String: Any]])
        #expect(posts.count == 3)
        let tags = try await parla(["trending", "tags", "--limit", "2"])
        #expect(tags.output.hasPrefix("#"), "\(tags.output)")
        let links = try await parla(["trending", "links"])
        #expect(links.output.contains("espeak-ng/espeak-ng: eSpeak NG is an open source speech synthesizer, from GitHub.\nhttps://github.com/espeak-ng/espeak-ng\n"))
        let bad = try await parla(["trending", "people"])
        #expect(bad.status == 2)
        #expect(bad.errors == "parla: What is trending must be posts, tags or links. See parla --help.\n")
    }
}
