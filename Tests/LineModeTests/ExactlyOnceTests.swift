import Foundation
import LocalInstance
import MastodonAPI
import ParlaBase
import ParlaBaseTesting
import SystemTestSupport
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Issue 9's "exactly once": the real `parla` binary is killed (-9) while its post is on the way to the
/// server; run again, it sends the post from its outbox with the same idempotency key, and the post
/// exists once.
@Suite(.serialized) struct ExactlyOnceTests {
    let dataDir = TestPaths.temporaryDirectory("parla-once")

    private var environment: [String: String] { TestEnvironment.forParla }

    private func arguments(_ arguments: [String]) -> [String] {
        [TestPaths.parlaExecutable.path] + arguments + ["--data-dir", dataDir.path, "--lang", "en"]
    }

    private func parla(_ arguments: [String]) async throws -> Command.Result {
        try await Command.runDetached(self.arguments(arguments), environment: environment)
    }

    /// The posts of home whose text is `text`, as `parla timeline home --json` gives them.
    private func posts(saying text: String) async throws -> [[String: Any]] {
        let timeline = try await parla(["timeline", "home", "--limit", "40", "--json"])
        #expect(timeline.status == 0, "\(timeline.errors)")
        let posts = try #require(try JSONSerialization.jsonObject(with: Data(timeline.output.utf8)) as? [[String: Any]])
        return posts.filter { $0["text"] as? String == text }
    }

    @Test func killedWhileSendingThenRetriedMakesOnePost() async throws {
        // A server in this process whose answer to a new post waits until the test lets it go.
        let latency = ManualSleeper(clock: ManualClock())
        let instance = try await LocalInstance.start(InstanceConfiguration(
            dataDirectory: dataDir.appendingPathComponent("server"), faults: FaultPlan(rules: []), sleeper: latency))
        defer { Task { await instance.stop() } }
        let login = try await parla(["login", instance.baseURL, "--token", instance.ownerToken])
        #expect(login.status == 0, "\(login.errors)")

        instance.setFaults(FaultPlan(rules: [.init(API.Statuses.publish, latencyMs: 5000)]))
        let text = "Sent once whatever happens"
        let sending = try Command.start(arguments(["post", text]), environment: environment)
        try await eventually("the post to reach the server", timeout: .seconds(30)) { latency.sleeping == 1 }
        sending.signal(SIGKILL)
        let killed = await sending.waitDetached()
        #expect(killed.status == 128 + SIGKILL)
        #expect(killed.output == "")
        // The server goes on with the request the killed client sent: the post is made, the answer lost.
        latency.advance(by: .seconds(5))
        try await eventually("the server to make the post", timeout: .seconds(30)) { (try? await posts(saying: text).count) == 1 }

        instance.setFaults(FaultPlan(rules: []))
        let outbox = try await parla(["outbox", "--json"])
        #expect(outbox.status == 0, "\(outbox.errors)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(outbox.output.utf8)) as? [[String: Any]])
        #expect(items.count == 1)
        #expect(items.first?["text"] as? String == text)
        // Left "sending" by the kill, it is queued again, its one attempt counted.
        #expect(items.first?["state"] as? String == "queued")
        #expect(items.first?["attempts"] as? Int == 1)

        let retry = try await parla(["outbox", "--retry"])
        #expect(retry.status == 0, "\(retry.errors)")
        #expect(retry.output.hasPrefix("Posted. Id "), "\(retry.output)")
        let made = try await posts(saying: text)
        #expect(made.count == 1)
        // The id the retry reports is the post the killed run made: the server knew the idempotency key.
        #expect(retry.output.contains(made.first?["id"] as? String ?? "?"))
        let empty = try await parla(["outbox"])
        #expect(empty.status == 0)
        #expect(empty.output == "The outbox is empty.\n")
    }

    /// Issue 20: parallel `post` commands on one account each report their own post as posted (exit 0),
    /// never "stays in the outbox" for a post another process sent, and every post exists once.
    @Test func parallelPostsEachReportPostedAndEachPostExistsOnce() async throws {
        let instance = try await LocalInstance.start(InstanceConfiguration(
            dataDirectory: dataDir.appendingPathComponent("server-parallel"), faults: FaultPlan(rules: [])))
        defer { Task { await instance.stop() } }
        let login = try await parla(["login", instance.baseURL, "--token", instance.ownerToken])
        #expect(login.status == 0, "\(login.errors)")
        for round in 1...3 {
            let texts = (1...4).map { "Round \(round), post \($0)" }
            let results = try await withThrowingTaskGroup(of: Command.Result.self) { group in
                for text in texts { group.addTask { try await parla(["post", text]) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for result in results {
                #expect(result.status == 0, "\(result.output) \(result.errors)")
                #expect(result.output.hasPrefix("Posted. Id "), "\(result.output)")
            }
            // Four different ids, one post for each text.
            #expect(Set(results.map(\.output)).count == 4)
            for text in texts { #expect(try await posts(saying: text).count == 1, "\(text)") }
        }
    }
}
