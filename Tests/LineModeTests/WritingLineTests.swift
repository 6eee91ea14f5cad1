import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// `parla post` with files, descriptions, polls and a time; scheduled posts, reminders and redrafting, by the
/// real binary against its embedded instance.
@Suite(.serialized) struct WritingLineTests {
    let dataDir = TestPaths.temporaryDirectory("parla-writing")

    func parla(_ arguments: [String], input: String? = nil) async throws -> Command.Result {
        var environment = TestEnvironment.forParla
        environment["TZ"] = "UTC"
        return try await Command.runDetached(
            [TestPaths.parlaExecutable.path] + arguments + ["--data-dir", dataDir.path, "--lang", "en"],
            environment: environment, input: input.map { Data($0.utf8) })
    }

    private func image(_ name: String) throws -> String {
        try FileManager.default.createDirectory(at: dataDir, withIntermediateDirectories: true)
        let url = dataDir.appendingPathComponent(name)
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 7]).write(to: url)
        return url.path
    }

    private func id(_ result: Command.Result) -> String {
        String(result.output.split(separator: " ").last?.dropLast(2) ?? "")
    }

    @Test func aPostWithAnImageAndItsDescriptionIsSentAndReadBack() async throws {
        let path = try image("heron.png")
        let posted = try await parla(["post", "At the river", "--media", path, "--alt", "A grey heron on one leg"])
        #expect(posted.status == 0, "\(posted.errors)")
        #expect(posted.output.hasPrefix("Posted. Id "))
        let thread = try await parla(["thread", id(posted), "--json"])
        let posts = try #require(try JSONSerialization.jsonObject(with: Data(thread.output.utf8)) as? [[String: Any]])
        #expect((posts.first?["spoken"] as? String)?.contains("A grey heron on one leg") == true, "\(posts.first?["spoken"] ?? "")")

        // Without a description the user is asked; anything but yes keeps it unposted.
        let refused = try await parla(["post", "No words", "--media", path], input: "no\n")
        #expect(refused.status == 65)
        #expect(refused.errors == "heron.png has no description. Post it anyway? (yes/no) Not posted: heron.png has no description. Add one with --alt, or post anyway with --yes.\n")
        let confirmed = try await parla(["post", "No words", "--media", path, "--yes"])
        #expect(confirmed.status == 0, "\(confirmed.errors)")
        let missing = try await parla(["post", "Gone", "--media", dataDir.appendingPathComponent("nothing.png").path, "--yes"])
        #expect(missing.status == 66)
        #expect(missing.errors.hasSuffix("Cannot read the file \(dataDir.appendingPathComponent("nothing.png").path).\n"))
    }

    /// On Mastodon `dm` stays a post of direct visibility that mentions the person first (Bluesky's goes to its chat).
    @Test func aDirectMessageOnMastodonIsADirectPostMentioningThePerson() async throws {
        let sent = try await parla(["dm", "@lucia", "See you at the river", "--json"])
        #expect(sent.status == 0, "\(sent.errors)")
        let posts = try #require(try JSONSerialization.jsonObject(with: Data(sent.output.utf8)) as? [[String: Any]])
        #expect(posts.first?["visibility"] as? String == "direct")
        #expect(posts.first?["text"] as? String == "@lucia See you at the river", "\(posts)")
        let empty = try await parla(["dm", "@lucia", " "])
        #expect(empty.status == 65)
    }

    @Test func aPollIsPostedWithItsOptions() async throws {
        let posted = try await parla(["post", "Which walk?", "--poll", "river, hills ,town", "--poll-duration", "1d", "--poll-multiple", "--json"])
        #expect(posted.status == 0, "\(posted.errors)")
        let posts = try #require(try JSONSerialization.jsonObject(with: Data(posted.output.utf8)) as? [[String: Any]])
        let spoken = posts.first?["spoken"] as? String ?? ""
        #expect(spoken.contains("river") && spoken.contains("hills") && spoken.contains("town"), "\(spoken)")
        let bad = try await parla(["post", "One option", "--poll", "only"])
        #expect(bad.status == 2)
    }

    @Test func scheduledPostsAreListedAndCancelled() async throws {
        let kept = try await parla(["post", "See you next year", "--at", "2030-01-02 09:00"])
        #expect(kept.status == 0, "\(kept.errors)")
        #expect(kept.output.hasPrefix("Scheduled for Jan 2, 2030"), "\(kept.output)")
        let listed = try await parla(["scheduled"])
        #expect(listed.output.contains(": See you next year\nId "), "\(listed.output)")
        let cancelled = try await parla(["unschedule", id(kept)])
        #expect(cancelled.output == "Scheduled post \(id(kept)) cancelled.\n", "\(cancelled.errors)")
        #expect(try await parla(["scheduled"]).output == "No scheduled posts.\n")
    }

    @Test func remindersAreKeptListedAndCancelled() async throws {
        let posted = try await parla(["post", "Remember the heron"])
        let kept = try await parla(["remind", id(posted), "--at", "2030-01-02 09:00"])
        #expect(kept.status == 0, "\(kept.errors)")
        #expect(kept.output.hasPrefix("Reminder kept: @owner's post, Jan 2, 2030"), "\(kept.output)")
        let listed = try await parla(["reminders", "--json"])
        let reminders = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
        #expect(reminders.map { $0["excerpt"] as? String } == ["Remember the heron"])
        #expect(reminders.first?["due_at"] as? String == "2030-01-02T09:00:00.000Z")
        let reminderId = try #require(reminders.first?["id"] as? String)
        #expect(try await parla(["reminders", "--cancel", reminderId]).output == "Reminder cancelled.\n")
        #expect(try await parla(["reminders"]).output == "No reminders.\n")
        let unknown = try await parla(["reminders", "--cancel", "nope"])
        #expect(unknown.status == 65)
    }

    @Test func redraftDeletesAndPrintsTheText() async throws {
        let posted = try await parla(["post", "Typo in thsi post #ParlaTips"])
        let redraft = try await parla(["redraft", id(posted)])
        #expect(redraft.output == "Post deleted. Its text, to write again:\nTypo in thsi post #ParlaTips\n", "\(redraft.errors)")
        #expect(try await parla(["thread", id(posted)]).status != 0)
    }

    @Test func redraftOfAPostWithAnImageNamesTheFileTheServerKept() async throws {
        let path = try image("heron.png")
        let posted = try await parla(["post", "At the river", "--media", path, "--alt", "A grey heron on one leg"])
        let redraft = try await parla(["redraft", id(posted), "--json"])
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(redraft.output.utf8)) as? [String: Any], "\(redraft.errors)")
        #expect(answer["text"] as? String == "At the river")
        let media = try #require(answer["media"] as? [[String: String]])
        #expect(media.map { $0["description"] } == ["A grey heron on one leg"])
        let mediaId = try #require(media.first?["id"])
        #expect(!mediaId.isEmpty && mediaId.allSatisfy(\.isNumber), "\(mediaId)")
        // The same said in words, the file named by the id the server keeps it under.
        let second = try await parla(["post", "By the bridge", "--media", path, "--alt", "A kingfisher"])
        let said = try await parla(["redraft", id(second)])
        #expect(said.output.hasPrefix("Post deleted. Its text, to write again:\nBy the bridge\nFile kept on the server, id "), "\(said.output)")
        #expect(said.output.hasSuffix(": A kingfisher\n"), "\(said.output)")

        // Written again with the kept file: attached by its id, not uploaded, its description as it was.
        let again = try await parla(["post", "At the river", "--media-id", mediaId, "--json"])
        #expect(again.status == 0, "\(again.errors)")
        let posts = try #require(try JSONSerialization.jsonObject(with: Data(again.output.utf8)) as? [[String: Any]])
        let media2 = try #require(posts.first?["media"] as? [[String: Any]])
        #expect(media2.map { $0["description"] as? String } == ["A grey heron on one leg"])
        // With an --alt the kept file's description changes.
        let redrafted = try await parla(["redraft", String(describing: posts.first?["id"] ?? ""), "--json"])
        let kept = try #require((try JSONSerialization.jsonObject(with: Data(redrafted.output.utf8)) as? [String: Any])?["media"] as? [[String: String]])
        let changed = try await parla(["post", "At the river", "--media-id", kept.first?["id"] ?? "", "--alt", "A heron fishing", "--json"])
        let changedPosts = try #require(try JSONSerialization.jsonObject(with: Data(changed.output.utf8)) as? [[String: Any]], "\(changed.errors)")
        #expect((changedPosts.first?["media"] as? [[String: Any]])?.map { $0["description"] as? String } == ["A heron fishing"])
    }
}
