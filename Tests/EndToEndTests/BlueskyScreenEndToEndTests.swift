import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// Issue 27: the screen app on a Bluesky account, in tmux at 80×24 and 40×12, against `parla serve`'s XRPC
/// face: home is read, a thread opened, a post liked and reposted (in Bluesky's words, on screen and aloud),
/// a reply and a post with an image and its alt text sent, and notifications read; the server has them.
@Suite(.serialized) struct BlueskyScreenEndToEndTests {
    static let sizes = [(80, 24), (40, 12)]

    /// Logs the app's data folder in at `url` as the owner's Bluesky account (the owner's `token` is the app
    /// password the embedded instance takes); returns the account's name.
    static func loginBluesky(_ app: AppDriver, url: String, token: String) throws -> String {
        let login = try Command.run(
            [TestPaths.parlaExecutable.path, "login", url, "--network", "bluesky", "--handle", "owner.parla.test",
             "--data-dir", app.dataDir.path, "--lang", "en", "--quiet-demo"],
            environment: TestEnvironment.forParla, input: Data((token + "\n").utf8))
        #expect(login.status == 0, "\(login.errors)")
        return "owner.parla.test@" + url.replacingOccurrences(of: "http://", with: "")
    }

    /// What line mode reads of a timeline as JSON.
    static func posts(_ app: AppDriver, _ arguments: [String]) throws -> [[String: Any]] {
        let result = try app.line(arguments + ["--json"])
        #expect(result.status == 0, "\(result.errors)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]], "\(result.output)")
    }

    /// Sends `keys` and waits for something said after them that satisfies `condition`.
    @discardableResult
    static func press(_ session: TmuxSession, _ app: AppDriver, _ keys: String..., timeout: Duration = .seconds(15),
                      until condition: (String) -> Bool) async throws -> String? {
        let before = app.spoken().count
        for key in keys { try session.send(key) }
        return await app.waitForSpeech(session, after: before, timeout: timeout, condition)
    }

    @Test(arguments: sizes)
    func aBlueskyAccountReadsLikesRepostsRepliesPostsAPictureAndReadsNotificationsInItsOwnWords(width: Int, height: Int) async throws {
        let server = try ServeProcess()
        defer { server.stop() }
        let app = AppDriver()
        let account = try Self.loginBluesky(app, url: server.url, token: server.token)
        let image = app.dataDir.appendingPathComponent("heron.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 5]).write(to: image)
        let session = try TmuxSession(width: width, height: height, command: app.command("--rate 450"))
        defer { session.close() }

        // Home is read from the XRPC face.
        let home = try await session.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("▶ Posts") } }
        #expect(home.first?.hasPrefix(" Home · owner.parla.test@") == true, "\(home)")
        let first = await app.waitForSpeech(session, timeout: .seconds(45)) { $0.contains("Posts, wheel list") }
        #expect(first != nil, "home is said: \(app.spokenLines())")
        // "Posts, wheel list, loading" can come first (under load, the XRPC face answers late): the keys below
        // act on the first post, so they wait for it (read with the wheel's hint, once).
        let firstPost = await app.waitForSpeech(session, timeout: .seconds(45)) { $0.hasSuffix("Up and Down move, Right reads the rest, Enter chooses.") }
        #expect(firstPost != nil, "the first post is read: \(app.spokenLines())")
        try await session.expectCursorOnFocus("home")
        // The toolbar names Bluesky's actions.
        let actions = home.joined(separator: "\n")
        #expect(actions.contains("[ ] Repost") && actions.contains("[ ] Like"), "\(home)")
        #expect(!actions.contains("Boost") && !actions.contains("Favourite"), "\(home)")

        // F1 lists the keys in Bluesky's words; a letter jumps to its key.
        try session.send("F1")
        _ = try await session.waitFor { $0.first?.contains("Help") == true }
        let likeKey = try await Self.press(session, app, "f") { $0.hasPrefix("f: ") }
        #expect(likeKey?.hasPrefix("f: like or unlike the post, ") == true, "\(likeKey ?? "")")
        // Out of help and in again: a second letter at once would extend the first one's search.
        try session.send("Escape")
        _ = try await session.waitFor { $0.contains { $0.contains("▶ Posts") } }
        try session.send("F1")
        _ = try await session.waitFor { $0.first?.contains("Help") == true }
        let repostKey = try await Self.press(session, app, "b") { $0.hasPrefix("b: ") }
        #expect(repostKey?.hasPrefix("b: repost or undo the repost, ") == true, "\(repostKey ?? "")")
        try session.send("Escape")
        _ = try await session.waitFor { $0.contains { $0.contains("▶ Posts") } }
        try await session.expectCursorOnFocus("back from help")

        // Like and repost: said and shown as Bluesky says them.
        #expect(try await Self.press(session, app, "f") { $0 == "Liked" } != nil, "\(app.spoken().suffix(3))")
        #expect(try await Self.press(session, app, "b") { $0 == "Reposted" } != nil, "\(app.spoken().suffix(3))")
        try await session.expectCursorOnFocus("liked and reposted")
        if width == 80 {
            let done = try await session.waitFor { $0.contains { $0.contains("[x] Repost") && $0.contains("[x] Like") } }
            #expect(done.contains { $0.contains("[x] Repost") && $0.contains("[x] Like") }, "\(done)")
        }

        // A thread opens, and Escape comes back.
        try session.send("Down")
        let opened = try await Self.press(session, app, "t", timeout: .seconds(20)) { $0.hasPrefix("Thread · \(account). Posts, wheel list, ") }
        #expect(opened != nil, "\(app.spoken().suffix(4))")
        let thread = try await session.waitFor { $0.first?.contains("Thread · ") == true && $0.contains { $0.contains("▶ Posts") } }
        #expect(thread.first?.hasPrefix(" Thread · owner.parla.test") == true, "\(thread)")
        try await session.expectCursorOnFocus("thread")
        try session.send("Escape")
        _ = try await session.waitFor { $0.first?.contains("Home · ") == true && $0.contains { $0.contains("▶ Posts") } }

        // A reply, sent from the keyboard.
        try session.send("r")
        _ = try await session.waitFor { $0.first?.contains("Reply to") == true }
        // A Bluesky reply starts empty: it reaches the thread without the author's handle.
        try session.send("-l", "Thanks for this")
        _ = try await session.waitFor { $0.joined().contains("Thanks for this") }
        try await session.expectCursorOnFocus("reply", rowContains: "Thanks for this")
        try session.send("F3")
        _ = try await session.waitFor { $0.last?.contains("▶ [Send]") == true }
        let replied = try await Self.press(session, app, "Enter", timeout: .seconds(30)) { $0.hasPrefix("Sent: ") }
        #expect(replied == "Sent: Thanks for this.", "\(replied ?? "")")
        _ = try await session.waitFor { $0.contains { $0.contains("▶ Posts") } }
        try await session.expectCursorOnFocus("replied")

        // A post with an image and its alt text (Bluesky requires it).
        try session.send("c")
        _ = try await session.waitFor { $0.first?.contains("New post") == true }
        try session.send("-l", "A heron at the river")
        _ = try await session.waitFor { $0.joined().contains("A heron at the river") }
        // Text, keypad, then Attach (no content warning on Bluesky).
        try session.send("Tab", "Tab")
        _ = try await session.waitFor { $0.contains { $0.contains("▶ [Attach a file, 0 of 4]") } }
        try await session.expectCursorOnFocus("attach")
        try session.send("Enter")
        _ = try await session.waitFor { $0.first?.contains("Choose a file") == true }
        try session.send("Tab")
        _ = try await session.waitFor { $0.contains { $0.contains("▶ Path") } }
        try session.send("-l", image.path)
        _ = try await session.waitFor { $0.joined().contains("heron.png") }
        #expect(try await Self.press(session, app, "Enter") { $0 == "heron.png attached. Its description is the next field." } != nil)
        try session.send("Tab")
        _ = try await session.waitFor { $0.contains { $0.contains("▶ Description of heron.png") } }
        try session.send("-l", "A grey heron on one leg")
        _ = try await session.waitFor { $0.joined().contains("A grey heron on one leg") }
        try session.send("F3")
        _ = try await session.waitFor { $0.last?.contains("▶ [Send]") == true }
        let posted = try await Self.press(session, app, "Enter", timeout: .seconds(30)) { $0.hasPrefix("Sent: ") }
        #expect(posted == "Sent: A heron at the river. With 1 image.", "\(app.spoken().suffix(4))")
        _ = try await session.waitFor { $0.contains { $0.contains("▶ Posts") } }

        // Notifications, grouped and said in Bluesky's words.
        try session.send("g")
        _ = try await session.waitFor { $0.first?.contains("Go to") == true }
        #expect(try await Self.press(session, app, "N") { $0 == "Notifications" } != nil)
        let notified = try await Self.press(session, app, "Enter", timeout: .seconds(20)) { $0.hasPrefix("Notifications · \(account). Posts, wheel list, ") }
        #expect(notified?.contains(" liked your post: ") == true, "\(notified ?? "")")
        let notifications = try await session.waitFor { $0.first?.contains("Notifications · ") == true && $0.contains { $0.contains("▶ Posts") } }
        #expect(notifications.contains { $0.contains("liked your post") }, "\(notifications)")
        try await session.expectCursorOnFocus("notifications")
        try await session.quit()

        // Nothing said or shown in Mastodon's words for what Bluesky calls likes and reposts.
        let said = app.spoken()
        #expect(!said.contains { $0.contains("favourited") || $0.contains("boosted") || $0.contains("Favourite") || $0.contains("Boost") },
                "\(said.filter { $0.contains("favourited") || $0.contains("boosted") || $0.contains("Favourite") || $0.contains("Boost") })")

        // The server has each thing once: the reply to the post under the wheel, the image with its alt text.
        let mine = try Self.posts(app, ["timeline", "@owner.parla.test", "--limit", "10"])
        let replies = mine.filter { ($0["text"] as? String) == "Thanks for this" }
        #expect(replies.count == 1, "\(mine.map { $0["text"] ?? "" })")
        #expect((replies.first?["in_reply_to_id"] as? String)?.hasPrefix("at://did:") == true, "\(replies)")
        let pictures = mine.filter { ($0["text"] as? String)?.hasPrefix("A heron at the river") == true }
        #expect(pictures.count == 1, "\(mine.map { $0["text"] ?? "" })")
        let media = pictures.first?["media"] as? [[String: Any]] ?? []
        #expect(media.map { $0["description"] as? String ?? "" } == ["A grey heron on one leg"], "\(pictures)")
    }
}
