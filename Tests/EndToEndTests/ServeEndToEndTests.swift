import Foundation
import MastodonAPI
import SystemTestSupport
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `parla serve` as a process: interrupted while clients stream (and one has gone away mid-stream), it
/// closes the streams and exits cleanly.
@Suite(.serialized) struct ServeEndToEndTests {
    private var environment: [String: String] { TestEnvironment.forParla }

    @Test func sigintWhileClientsStreamExitsCleanly() async throws {
        let dataDir = TestPaths.temporaryDirectory("parla-serve")
        let serve = try Command.start(
            [TestPaths.parlaExecutable.path, "serve", "--data-dir", dataDir.path, "--lang", "en"], environment: environment)
        var clients: [RunningCommand] = []
        defer {
            // Whatever failed, nothing started here outlives the test.
            for child in clients + [serve] { child.signal(SIGKILL) }
            for child in clients + [serve] { _ = child.wait() }
        }
        try await eventually("the instance to listen", timeout: .seconds(90)) { serve.outputSoFar.contains("Press Ctrl+C to stop.") }
        let lines = serve.outputSoFar.split(separator: "\n").map(String.init)
        let url = try #require(lines.first?.split(separator: " ").last.map(String.init))
        let token = try #require(lines.dropFirst().first?.split(separator: " ").last.map(String.init))
        #expect(url.hasPrefix("http://127.0.0.1:"))

        for _ in 0..<3 {
            clients.append(try Command.start(
                ["curl", "-sN", "-m", "180", "-H", "Authorization: Bearer \(token)", url + API.Streaming.user.path], environment: environment))
        }
        try await eventually("three streams", timeout: .seconds(90)) { clients.allSatisfy { $0.outputSoFar.hasPrefix(":)") } }
        // One client goes away without a word; posts are then pushed to the live streams and the dead one.
        clients[0].signal(SIGKILL)
        _ = await clients[0].waitDetached()
        for index in 1...3 {
            let posted = try await Command.runDetached(
                ["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "POST", "-H", "Authorization: Bearer \(token)",
                 "-d", "status=Streamed+\(index)", url + API.Statuses.publish.path], environment: environment)
            #expect(posted.output == "200")
        }
        try await eventually("the posts on the live streams", timeout: .seconds(90)) {
            clients.dropFirst().allSatisfy { $0.outputSoFar.components(separatedBy: "event: update").count >= 4 }
        }

        serve.signal(SIGINT)
        let stopped = await serve.waitDetached()
        #expect(stopped.status == 0)
        #expect(stopped.errors == "")
        // The live clients saw their streams end rather than hang.
        for client in clients.dropFirst() {
            let ended = await client.waitDetached()
            #expect(ended.status == 0 || ended.status == 18, "curl: \(ended.status)")  // 18: the body ended early
        }
    }
}
