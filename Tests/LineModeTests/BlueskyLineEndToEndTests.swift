import Foundation
import LocalInstance
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
        #expect(poll.status == 69)
        #expect(poll.errors.contains("Bluesky has no polls."), "\(poll.errors)")

        // Five commands, one session: made at login, never again.
        #expect(instance.blueskySessionsCreated == 1)
        await instance.stop()
    }
}
