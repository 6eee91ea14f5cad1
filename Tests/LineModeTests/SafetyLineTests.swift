import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// Issue 18 item 3 in line mode: the real `parla` binary against its embedded instance.
@Suite(.serialized) struct SafetyLineTests {
    let dataDir = TestPaths.temporaryDirectory("parla-safety")

    private func parla(_ arguments: [String]) async throws -> Command.Result {
        try await Command.runDetached([TestPaths.parlaExecutable.path] + arguments + ["--data-dir", dataDir.path, "--lang", "en"],
                                      environment: TestEnvironment.forParla)
    }

    private func homeAccts() async throws -> Set<String> {
        let home = try await parla(["timeline", "home", "--limit", "40", "--json"])
        #expect(home.status == 0, "\(home.errors)")
        let posts = try #require(try JSONSerialization.jsonObject(with: Data(home.output.utf8)) as? [[String: Any]])
        return Set(posts.flatMap { [$0["acct"] as? String, $0["reblogged_acct"] as? String].compactMap { $0 } })
    }

    @Test func aBlockedUsersPostsAreGoneFromHome() async throws {
        #expect(try await homeAccts().contains("lucia"))
        let blocked = try await parla(["block", "@lucia"])
        #expect(blocked.status == 0, "\(blocked.errors)")
        #expect(blocked.output == "You blocked @lucia. Their posts are gone and neither of you follows the other.\n")
        #expect(try await !homeAccts().contains("lucia"))
        let blocks = try await parla(["blocks"])
        #expect(blocks.output.hasPrefix("Lucía Fernández, @lucia.\n"), "\(blocks.output)")
        let unblocked = try await parla(["unblock", "lucia", "--json"])
        let relationship = (try JSONSerialization.jsonObject(with: Data(unblocked.output.utf8)) as? [String: Any])?["relationship"] as? [String: Any]
        #expect(relationship?["blocking"] as? Bool == false)
        #expect(try await parla(["blocks"]).output == "You block nobody.\n")
    }

    @Test func muteForAnHourKeepingNotificationsThenUnmute() async throws {
        let muted = try await parla(["mute", "@tom", "--duration", "1h", "--no-notifications"])
        #expect(muted.output == "You muted @tom for 1 hour. Their posts are hidden; their notifications still come.\n", "\(muted.errors)")
        #expect(try await !homeAccts().contains("tom"))
        let mutes = try await parla(["mutes", "--json"])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(mutes.output.utf8)) as? [[String: Any]])
        #expect(list.map { $0["acct"] as? String } == ["tom"])
        #expect(list.first?["mute_expires_at"] is String)
        #expect(try await parla(["unmute", "@tom"]).output == "You no longer mute @tom.\n")
        #expect(try await parla(["mutes"]).output == "You mute nobody.\n")
        let bad = try await parla(["mute", "@tom", "--duration", "2h"])
        #expect(bad.status == 2)
        #expect(bad.errors == "parla: The duration must be 1h, 1d, 7d or forever. See parla --help.\n")
    }

    @Test func followRequestsDomainBlocksReportsAndMutedThreads() async throws {
        let requests = try await parla(["requests", "--json"])
        let askers = try #require(try JSONSerialization.jsonObject(with: Data(requests.output.utf8)) as? [[String: Any]])
        #expect(askers.map { $0["acct"] as? String } == ["kenji", "ines"])
        #expect(try await parla(["accept", "@ines"]).output == "@ines now follows you.\n")
        #expect(try await parla(["reject", "@kenji"]).output == "You rejected the follow request of @kenji.\n")
        #expect(try await parla(["requests"]).output == "Nobody is asking to follow you.\n")

        #expect(try await parla(["domain-block", "spam.example"]).output == "You blocked the server spam.example.\n")
        #expect(try await parla(["domain-block", "--json"]).output == "[\"spam.example\"]\n")
        #expect(try await parla(["domain-unblock", "spam.example"]).output == "You no longer block the server spam.example.\n")

        let pablo = try await parla(["timeline", "@pablo", "--limit", "1", "--json"])
        let post = try #require((try JSONSerialization.jsonObject(with: Data(pablo.output.utf8)) as? [[String: Any]])?.first?["id"] as? String)
        let report = try await parla(["report", "@pablo", "--reason", "spam", "--post", post, "--comment", "Same link again", "--json"])
        #expect(report.status == 0, "\(report.errors)")
        #expect(report.output == "{\"acct\":\"pablo\",\"comment\":\"Same link again\",\"id\":\"1\",\"post_ids\":[\"\(post)\"],\"reason\":\"spam\"}\n")
        #expect(try await parla(["report", "@pablo", "--reason", "rude"]).status == 2)

        #expect(try await parla(["mute-thread", post]).output == "Conversation muted: no more notifications about it.\n")
        #expect(try await parla(["unmute-thread", post]).output == "Conversation unmuted: its notifications come again.\n")
    }
}

/// Keyword filters in line mode.
@Suite(.serialized) struct FilterLineTests {
    let dataDir = TestPaths.temporaryDirectory("parla-filters")

    private func parla(_ arguments: [String]) async throws -> Command.Result {
        try await Command.runDetached([TestPaths.parlaExecutable.path] + arguments + ["--data-dir", dataDir.path, "--lang", "en"],
                                      environment: TestEnvironment.forParla)
    }

    @Test func addChangeAndRemoveAFilter() async throws {
        let added = try await parla(["filter", "add", "spoiler", "--action", "hide", "--context", "home,notifications", "--json"])
        #expect(added.status == 0, "\(added.errors)")
        let filter = try #require(try JSONSerialization.jsonObject(with: Data(added.output.utf8)) as? [String: Any])
        let id = try #require(filter["id"] as? String)
        #expect(filter["filter_action"] as? String == "hide")
        #expect(filter["context"] as? [String] == ["home", "notifications"])
        #expect(filter["expires_at"] is NSNull)
        #expect((filter["keywords"] as? [[String: Any]])?.map { $0["keyword"] as? String } == ["spoiler"])
        let changed = try await parla(["filter", "edit", id, "--action", "warn", "--add", "finale"])
        #expect(changed.output == """
            Filter spoiler changed.

            spoiler: spoiler, finale. Behind a warning in home and lists, notifications.
            No end.
            Id \(id).

            """)
        #expect(try await parla(["filter", "remove", id]).output == "Filter removed.\n")
        #expect(try await !parla(["filters"]).output.contains("spoiler"))
        let bad = try await parla(["filter", "add", "x", "--expires", "soon"])
        #expect(bad.status == 2)
        #expect(bad.errors == "parla: The expiry must be like 30m, 12h, 7d, or never. See parla --help.\n")
    }
}
