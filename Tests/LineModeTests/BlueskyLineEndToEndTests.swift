import Foundation
import LocalInstance
import ParlaBase
import ParlaBaseTesting
import SystemTestSupport
import Testing
import TestSupport

/// Issue 27: a Bluesky account in line mode, end to end: the real binary logs in to the embedded instance's
/// XRPC face, then reads home, posts, likes and is refused what Bluesky lacks, through the engine and the
/// network registry, with the one session made at login.
@Suite struct BlueskyLineEndToEndTests {
    private func parla(_ arguments: [String], dataDir: URL, input: String? = nil) async throws -> Command.Result {
        var environment = TestEnvironment.forParla
        environment["PARLA_TOKEN"] = nil
        return try await Command.runDetached(
            [TestPaths.parlaExecutable.path] + arguments + ["--data-dir", dataDir.path] + (arguments.contains("--lang") ? [] : ["--lang", "en"]),
            environment: environment, input: input.map { Data($0.utf8) })
    }

    private func posts(_ result: Command.Result) throws -> [[String: Any]] {
        let parsed = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
        return try #require(parsed as? [[String: Any]], "\(result.output)")
    }

    /// A command's `--json` output, after checking it succeeded.
    private func json(_ arguments: [String], dataDir: URL) async throws -> Any {
        let result = try await parla(arguments + ["--json"], dataDir: dataDir)
        #expect(result.status == 0, "\(arguments): \(result.errors)")
        return try JSONSerialization.jsonObject(with: Data(result.output.utf8))
    }

    /// The access token of the session stored for the one account.
    private func storedAccessToken(_ dataDir: URL) throws -> String {
        let file = dataDir.appendingPathComponent("config/accounts.json")
        let stored = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let token = try #require((stored["accounts"] as? [[String: Any]])?.first?["token"] as? String)
        let session = try #require(try JSONSerialization.jsonObject(with: Data(token.utf8)) as? [String: Any])
        return try #require(session["accessJwt"] as? String)
    }

    /// An embedded instance (`configuration` as given) and a data folder logged in to its XRPC face as the owner.
    private func loggedIn(_ configuration: InstanceConfiguration = InstanceConfiguration(dataDirectory: nil)) async throws -> (RunningInstance, URL) {
        let instance = try await LocalInstance.start(configuration)
        let dataDir = TestPaths.temporaryDirectory("parla-bluesky-line")
        let login = try await parla(["login", instance.baseURL, "--network", "bluesky", "--handle", "owner.parla.test"], dataDir: dataDir,
                                    input: instance.ownerToken + "\n")
        #expect(login.status == 0, "\(login.errors)")
        return (instance, dataDir)
    }

    @Test func aBlueskyAccountReadsPostsLikesAndIsRefusedPollsWithTheOneSessionMadeAtLogin() async throws {
        let instance = try await LocalInstance.start(InstanceConfiguration(dataDirectory: nil))
        let dataDir = TestPaths.temporaryDirectory("parla-bluesky-line")
        // The app password is read from standard input; the embedded instance takes the owner's token as one.
        let login = try await parla(["login", instance.baseURL, "--network", "bluesky", "--handle", "owner.parla.test"], dataDir: dataDir,
                                    input: instance.ownerToken + "\n")
        #expect(login.status == 0, "\(login.errors)")

        let home = try await parla(["timeline", "home", "--json", "--limit", "5"], dataDir: dataDir)
        #expect(home.status == 0, "\(home.errors)")
        let read = try posts(home)
        #expect(read.count == 5, "\(read)")
        // Ids are the posts' at:// addresses; authors are handles.
        #expect(read.allSatisfy { ($0["id"] as? String)?.hasPrefix("at://did:") == true }, "\(read.map { $0["id"] ?? "" })")
        #expect(read.allSatisfy { ($0["acct"] as? String)?.hasSuffix(".parla.test") == true }, "\(read.map { $0["acct"] ?? "" })")

        let text = "Hola des de Parla, amb @lucia.parla.test"
        let post = try await parla(["post", text, "--lang", "ca"], dataDir: dataDir)
        #expect(post.status == 0, "\(post.errors)")
        let after = try posts(try await parla(["timeline", "home", "--json", "--limit", "3"], dataDir: dataDir))
        let mine = try #require(after.first { $0["text"] as? String == text }, "\(after.map { $0["text"] ?? "" })")
        #expect(mine["language"] as? String == "ca")
        let id = try #require(mine["id"] as? String)
        let like = try await parla(["favourite", id], dataDir: dataDir)
        #expect(like.status == 0, "\(like.errors)")
        // Said in Bluesky's words, as the screen says it.
        #expect(like.output == "Liked.\n", "\(like.output)")

        // What Bluesky lacks is one sentence and a documented status; nothing is sent.
        let poll = try await parla(["post", "Which day?", "--poll", "Monday,Tuesday"], dataDir: dataDir)
        #expect(poll.status == 64)
        #expect(poll.errors.contains("Bluesky has no polls."), "\(poll.errors)")

        // Five commands, one session: made at login, never again.
        #expect(instance.blueskySessionsCreated == 1)
        await instance.stop()
    }

    /// Issue 27, Must show: the reading commands on Bluesky give the JSON line mode gives on Mastodon, with the
    /// same field names: ids are at:// addresses, `acct` handles, notifications name who and which post, a
    /// profile its counts and both directions of the relationship.
    @Test func blueskyReadingCommandsGiveMastodonsJSONFields() async throws {
        let (instance, dataDir) = try await loggedIn()

        let mentions = try #require(try await json(["timeline", "mentions", "--limit", "5"], dataDir: dataDir) as? [[String: Any]])
        #expect(!mentions.isEmpty)
        #expect(mentions.allSatisfy { ($0["text"] as? String)?.contains("@owner") == true }, "\(mentions.map { $0["text"] ?? "" })")

        let notifications = try #require(try await json(["timeline", "notifications", "--limit", "10"], dataDir: dataDir) as? [[String: Any]])
        #expect(!notifications.isEmpty)
        #expect(notifications.allSatisfy { (($0["account"] as? [String: Any])?["acct"] as? String)?.hasSuffix(".parla.test") == true })
        let about = notifications.compactMap { ($0["status"] as? [String: Any])?["id"] as? String }
        #expect(!about.isEmpty && about.allSatisfy { $0.hasPrefix("at://did:") }, "\(about)")

        let lucia = try #require(try await json(["timeline", "@lucia.parla.test", "--limit", "5"], dataDir: dataDir) as? [[String: Any]])
        #expect(!lucia.isEmpty)
        #expect(lucia.allSatisfy { $0["acct"] as? String == "lucia.parla.test" || $0["reblog_of"] is String }, "\(lucia.map { $0["acct"] ?? "" })")
        #expect(lucia.allSatisfy { ($0["language"] as? String)?.isEmpty == false }, "\(lucia.map { $0["language"] ?? "" })")

        let list = try #require(try await json(["timeline", "list", "accessibility"], dataDir: dataDir) as? [[String: Any]])
        #expect(!list.isEmpty)

        let first = try #require(lucia.first?["id"] as? String)
        let thread = try #require(try await json(["thread", first], dataDir: dataDir) as? [[String: Any]])
        #expect(thread.contains { $0["id"] as? String == first })

        let user = try #require(try await json(["user", "@lucia.parla.test"], dataDir: dataDir) as? [String: Any])
        #expect(user["acct"] as? String == "lucia.parla.test")
        #expect(user["display_name"] as? String == "Lucía Fernández")
        #expect((user["followers_count"] as? Int ?? 0) > 0 && (user["following_count"] as? Int ?? 0) > 0 && (user["statuses_count"] as? Int ?? 0) > 0, "\(user)")
        let relationship = try #require(user["relationship"] as? [String: Any])
        #expect(relationship["following"] as? Bool == true && relationship["followed_by"] as? Bool == true, "\(relationship)")

        let followers = try #require(try await json(["followers", "@lucia.parla.test"], dataDir: dataDir) as? [[String: Any]])
        #expect(followers.contains { $0["acct"] as? String == "owner.parla.test" }, "\(followers.map { $0["acct"] ?? "" })")
        let following = try #require(try await json(["following", "@lucia.parla.test"], dataDir: dataDir) as? [[String: Any]])
        #expect(following.contains { $0["acct"] as? String == "owner.parla.test" }, "\(following.map { $0["acct"] ?? "" })")

        let found = try #require(try await json(["search", "lucia"], dataDir: dataDir) as? [String: Any])
        #expect((found["accounts"] as? [[String: Any]])?.contains { $0["acct"] as? String == "lucia.parla.test" } == true, "\(found)")

        let budget = try #require(try await json(["budget"], dataDir: dataDir) as? [String: Any])
        #expect(budget["remaining"] is Int && budget["limit"] is Int, "\(budget)")
        #expect(instance.blueskySessionsCreated == 1)
        await instance.stop()
    }

    /// Issue 27, Must show: writing and acting on Bluesky with the commands of Mastodon: a post with an image and
    /// its alt text, a reply, likes and reposts (said as such: never "favourite" or "boost"), delete, follow,
    /// mute, block, report, a direct message through the chat; a repost names what it reposts in `reblog_of`.
    @Test func blueskyWritingCommandsWorkAndSayLikesAndReposts() async throws {
        let (instance, dataDir) = try await loggedIn()
        let picture = dataDir.appendingPathComponent("heron.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 7]).write(to: picture)

        let posted = try #require(try await json(["post", "Una garza", "--lang", "es", "--media", picture.path, "--alt", "Una garza gris"],
                                                 dataDir: dataDir) as? [[String: Any]])
        let mine = try #require(posted.first)
        let id = try #require(mine["id"] as? String)
        #expect(id.hasPrefix("at://did:"))
        #expect(mine["language"] as? String == "es")
        #expect((mine["media"] as? [[String: Any]])?.map { $0["description"] as? String } == ["Una garza gris"])

        let answer = try #require(try await json(["post", "Y otra", "--reply-to", id], dataDir: dataDir) as? [[String: Any]])
        #expect(answer.first?["in_reply_to_id"] as? String == id)
        let reply = try await parla(["reply", id, "Three herons now"], dataDir: dataDir)
        #expect(reply.status == 0, "\(reply.errors)")
        // A Bluesky reply is not prefixed with the author's handle: it reaches the thread by itself.
        let thread = try posts(try await parla(["thread", id, "--json"], dataDir: dataDir))
        #expect(thread.contains { $0["text"] as? String == "Three herons now" }, "\(thread.map { $0["text"] ?? "" })")

        let home = try posts(try await parla(["timeline", "home", "--json", "--limit", "20"], dataDir: dataDir))
        let other = try #require(home.first { ($0["acct"] as? String) != "owner.parla.test" && !($0["reblog_of"] is String) })
        let otherId = try #require(other["id"] as? String)
        let like = try await parla(["favourite", otherId], dataDir: dataDir)
        #expect(like.output == "Liked.\n", "\(like.errors)")
        #expect(try await parla(["unfavourite", otherId], dataDir: dataDir).output == "Like removed.\n")
        #expect(try await parla(["boost", otherId], dataDir: dataDir).output == "Reposted.\n")
        let reposted = try posts(try await parla(["timeline", "home", "--json", "--limit", "3"], dataDir: dataDir))
        #expect(reposted.first?["reblog_of"] as? String == otherId, "\(reposted.map { $0["reblog_of"] ?? "" })")
        #expect(reposted.first?["acct"] as? String == "owner.parla.test")
        #expect(try await parla(["unboost", otherId], dataDir: dataDir).output == "Repost removed.\n")

        #expect(try await parla(["delete", id], dataDir: dataDir).status == 0)
        let gone = try await parla(["thread", id], dataDir: dataDir)
        #expect(gone.status == 65, "\(gone.output)")

        let follow = try #require(try await json(["follow", "@nora.parla.test"], dataDir: dataDir) as? [String: Any])
        #expect((follow["relationship"] as? [String: Any])?["following"] as? Bool == true, "\(follow)")
        let unfollow = try await parla(["unfollow", "@nora.parla.test"], dataDir: dataDir)
        #expect(unfollow.output == "You no longer follow @nora.parla.test.\n", "\(unfollow.errors)")
        let mute = try await parla(["mute", "@pablo.parla.test"], dataDir: dataDir)
        #expect(mute.status == 0, "\(mute.errors)")
        let block = try await parla(["block", "@pablo.parla.test"], dataDir: dataDir)
        #expect(block.status == 0, "\(block.errors)")
        let report = try await parla(["report", "@pablo.parla.test", "--reason", "spam", "--comment", "Same link again"], dataDir: dataDir)
        #expect(report.status == 0, "\(report.errors)")

        // A direct message goes through Bluesky's chat, not as a post.
        let dm = try await parla(["dm", "@lucia.parla.test", "Coffee at ten?"], dataDir: dataDir)
        #expect(dm.output == "Message sent to @lucia.parla.test.\n", "\(dm.errors)")
        let message = try #require(try await json(["dm", "@lucia.parla.test", "Or at eleven"], dataDir: dataDir) as? [String: Any])
        #expect(message["acct"] as? String == "lucia.parla.test" && message["text"] as? String == "Or at eleven", "\(message)")
        #expect(message["conversation_id"] is String && message["id"] is String)
        #expect(instance.blueskySessionsCreated == 1)
        await instance.stop()
    }

    /// Bluesky keeps one pinned post, in the profile record: `pin` writes it there, pinning another replaces it,
    /// `unpin` takes it out, and someone else's post cannot be pinned.
    @Test func blueskyKeepsOnePinnedPostAndPinningAnotherReplacesIt() async throws {
        let (instance, dataDir) = try await loggedIn()
        let first = try #require((try await json(["post", "The first heron"], dataDir: dataDir) as? [[String: Any]])?.first?["id"] as? String)
        let second = try #require((try await json(["post", "The second heron"], dataDir: dataDir) as? [[String: Any]])?.first?["id"] as? String)
        #expect(try await parla(["pin", first], dataDir: dataDir).output == "Pinned to your profile.\n")
        func pinned(_ who: [String] = []) async throws -> [String] {
            try posts(try await parla(["pinned"] + who + ["--json"], dataDir: dataDir)).compactMap { $0["id"] as? String }
        }
        #expect(try await pinned() == [first])
        #expect(try await pinned(["@owner.parla.test"]) == [first])
        #expect(try await parla(["pin", second], dataDir: dataDir).status == 0)
        #expect(try await pinned() == [second])
        let unpin = try await parla(["unpin", second], dataDir: dataDir)
        #expect(unpin.output == "Unpinned from your profile.\n", "\(unpin.errors)")
        #expect(try await parla(["pinned"], dataDir: dataDir).output == "No pinned posts.\n")
        // Another's post: refused, nothing written.
        let home = try posts(try await parla(["timeline", "home", "--json", "--limit", "20"], dataDir: dataDir))
        let other = try #require(home.first { ($0["acct"] as? String) != "owner.parla.test" && !($0["reblog_of"] is String) }?["id"] as? String)
        #expect(try await parla(["pin", other], dataDir: dataDir).status == 65)
        #expect(try await parla(["pinned"], dataDir: dataDir).output == "No pinned posts.\n")
        await instance.stop()
    }

    /// Bluesky's bookmarks (`app.bsky.bookmark.*`, private to the user): a post saved is in `timeline bookmarks` with its
    /// flag set, and forgotten again. The embedded face lacked them, so the demo answered "does not offer …".
    @Test func blueskyBookmarksAPostListsItAndForgetsIt() async throws {
        let (instance, dataDir) = try await loggedIn()
        let home = try posts(try await parla(["timeline", "home", "--json", "--limit", "20"], dataDir: dataDir))
        let other = try #require(home.first { ($0["acct"] as? String) != "owner.parla.test" && !($0["reblog_of"] is String) }?["id"] as? String)
        func saved() async throws -> [String] {
            try posts(try await parla(["timeline", "bookmarks", "--json", "--limit", "40"], dataDir: dataDir)).compactMap { $0["id"] as? String }
        }
        let before = try await saved()
        #expect(!before.contains(other))
        let bookmark = try await parla(["bookmark", other], dataDir: dataDir)
        #expect(bookmark.status == 0, "\(bookmark.errors)")
        #expect(try await saved() == [other] + before)
        let shown = try #require(try posts(try await parla(["timeline", "bookmarks", "--json", "--limit", "1"], dataDir: dataDir)).first)
        #expect(shown["bookmarked"] as? Bool == true, "\(shown)")
        #expect(try await parla(["unbookmark", other], dataDir: dataDir).status == 0)
        #expect(try await saved() == before)
        await instance.stop()
    }

    /// The name and bio are Bluesky's profile record: `profile update` writes them and keeps the rest; a bio over
    /// Bluesky's 256 graphemes is refused before anything is sent, and fields, which Bluesky has not, in one sentence.
    @Test func blueskyProfileNameAndBioAreChangedAndFieldsRefused() async throws {
        let (instance, dataDir) = try await loggedIn()
        let update = try await parla(["profile", "update", "--bio", "Enquadernador a Bristol."], dataDir: dataDir)
        #expect(update.status == 0, "\(update.errors)")
        let profile = try #require(try await json(["profile"], dataDir: dataDir) as? [String: Any])
        #expect(profile["display_name"] as? String == "Daniel Reyes", "\(profile)")
        #expect(profile["note"] as? String == "Enquadernador a Bristol.", "\(profile)")
        let user = try #require(try await json(["user", "@owner.parla.test"], dataDir: dataDir) as? [String: Any])
        #expect(user["display_name"] as? String == "Daniel Reyes", "\(user)")
        let long = try await parla(["profile", "update", "--bio", String(repeating: "ñ", count: 257)], dataDir: dataDir)
        #expect(long.status == 65, "\(long.errors)")
        let fields = try await parla(["profile", "update", "--field", "Web=https://example.org"], dataDir: dataDir)
        #expect(fields.status == 64)
        #expect(fields.errors == "Bluesky has no profile fields.\n")
        let kept = try #require(try await json(["profile"], dataDir: dataDir) as? [String: Any])
        #expect(kept["note"] as? String == "Enquadernador a Bristol.")
        await instance.stop()
    }

    /// Issue 27: the custom feeds saved in the preferences are timelines named as shown, capitals and accents
    /// aside; an unknown name is one sentence with the names saved (status 65).
    @Test func blueskyCustomFeedsAreReadByTheirNames() async throws {
        let (instance, dataDir) = try await loggedIn()
        let pictures = try #require(try await json(["timeline", "feed", "PÍCTURES", "--limit", "5"], dataDir: dataDir) as? [[String: Any]])
        #expect(!pictures.isEmpty)
        #expect(pictures.allSatisfy { !(($0["media"] as? [Any]) ?? []).isEmpty }, "\(pictures.map { $0["text"] ?? "" })")
        let discover = try #require(try await json(["timeline", "feed", "discover", "--limit", "5"], dataDir: dataDir) as? [[String: Any]])
        #expect(discover.count == 5)
        let unknown = try await parla(["timeline", "feed", "Cats"], dataDir: dataDir)
        #expect(unknown.status == 65)
        #expect(unknown.errors == "You saved no feed called Cats. Your feeds: Discover, Pictures.\n")
        #expect(unknown.output == "")
        await instance.stop()
    }

    /// Mastodon has no custom feeds: one sentence and the status of what a network lacks, the one a poll on
    /// Bluesky exits with; nothing read.
    @Test func mastodonRefusesCustomFeedsInOneSentenceAsBlueskyRefusesPolls() async throws {
        let (instance, blueskyDir) = try await loggedIn()
        let poll = try await parla(["post", "Which day?", "--poll", "Monday,Tuesday"], dataDir: blueskyDir)
        #expect(poll.errors == "Bluesky has no polls.\n")
        // No account: the embedded instance's Mastodon face.
        let refused = try await parla(["timeline", "feed", "Discover"], dataDir: TestPaths.temporaryDirectory("parla-mastodon-feed"))
        #expect(refused.status == poll.status)
        #expect(refused.status == 64)
        #expect(refused.errors == "Mastodon has no custom feeds.\n")
        #expect(refused.output == "")
        await instance.stop()
    }

    /// A wrong app password against the embedded XRPC face: status 77 and no account added.
    @Test func blueskyWrongAppPasswordExits77AndAddsNoAccountOnTheEmbeddedInstance() async throws {
        let instance = try await LocalInstance.start(InstanceConfiguration(dataDirectory: nil))
        let dataDir = TestPaths.temporaryDirectory("parla-bluesky-line")
        let login = try await parla(["login", instance.baseURL, "--network", "bluesky", "--handle", "owner.parla.test"], dataDir: dataDir,
                                    input: "wrong-app-password\n")
        #expect(login.status == 77, "\(login.errors)")
        #expect(!FileManager.default.fileExists(atPath: dataDir.appendingPathComponent("config/accounts.json").path))
        #expect(instance.blueskySessionsCreated == 0)
        await instance.stop()
    }

    /// Issue 27, Must show: against a server whose access tokens live 5 seconds, commands spread over more than a
    /// minute of the server's clock all succeed, each renewing the session it finds expired, and the one session
    /// is the one made at login.
    @Test func commandsOverAMinuteOfExpiringTokensAllSucceedWithOneSession() async throws {
        let clock = ManualClock()
        var configuration = InstanceConfiguration(dataDirectory: nil, clock: InstanceClock(epoch: Date(), tick: clock))
        configuration.blueskyAccessTTL = .seconds(5)
        let (instance, dataDir) = try await loggedIn(configuration)
        let commands: [[String]] = [
            ["timeline", "home", "--limit", "5"], ["timeline", "notifications", "--limit", "5"], ["post", "Still here"],
            ["user", "@lucia.parla.test"], ["search", "heron"], ["timeline", "feed", "Discover", "--limit", "5"], ["timeline", "mentions"],
        ]
        var accessTokens = [try storedAccessToken(dataDir)]
        for command in commands {
            clock.advance(by: .seconds(10))
            let result = try await parla(command, dataDir: dataDir)
            #expect(result.status == 0, "\(command): \(result.errors)")
            accessTokens.append(try storedAccessToken(dataDir))
        }
        #expect(clock.now().milliseconds >= 60_000)
        // Each command found the token expired and renewed the session, and stored the renewed one for the next.
        #expect(Set(accessTokens).count == commands.count + 1)
        #expect(instance.blueskySessionsCreated == 1)
        await instance.stop()
    }
}
