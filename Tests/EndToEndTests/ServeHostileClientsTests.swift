import Foundation
import MastodonAPI
import SystemTestSupport
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Issue 26, items 24 to 26, as probed: a `parla serve` process under the common limit of 1,024 open files,
/// attacked over loopback, keeps its memory and keeps answering.
@Suite(.serialized) struct ServeHostileClientsTests {
    private var environment: [String: String] { TestEnvironment.forParla }

    /// Runs `parla serve` with at most 1,024 open files; `body` gets its address and process id.
    private func withServe(_ body: (_ url: String, _ pid: pid_t) async throws -> Void) async throws {
        let dataDir = TestPaths.temporaryDirectory("parla-serve-hostile")
        let serve = try Command.start(
            ["sh", "-c", "ulimit -n 1024 && exec \"$0\" serve --data-dir \"$1\" --lang en --quiet-demo", TestPaths.parlaExecutable.path, dataDir.path],
            environment: environment)
        defer {
            serve.signal(SIGKILL)
            _ = serve.wait()
        }
        try await eventually("the instance to listen", timeout: .seconds(90)) { serve.outputSoFar.contains("Press Ctrl+C to stop.") }
        let url = try #require(serve.outputSoFar.split(separator: "\n").first?.split(separator: " ").last.map(String.init))
        try await body(url, serve.pid)
    }

    /// curl's status code for a request (a form body from a file, when given), at most `seconds` long.
    private func status(_ url: String, bodyFile: URL? = nil, seconds: Int = 20) async throws -> String {
        var arguments = ["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "-m", String(seconds)]
        if let bodyFile { arguments += ["--data-binary", "@" + bodyFile.path] }
        return try await Command.runDetached(arguments + [url], environment: environment).output
    }

    private static func residentMegabytes(_ pid: pid_t) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
    }

    /// Item 24: depth 12,000 took the process from 50 MB to 1,158 MB, held. Item 25: 60,000 anonymous keys
    /// took 19.7 s. Both are refused now, and the process grows by no more than a few megabytes.
    @Test func issue26DeepAndManyFormKeysAreRefusedWithoutHoldingMemoryOrTime() async throws {
        try await withServe { url, pid in
            #expect(try await status(url + API.Misc.instance.path) == "200")
            let app = "client_name=probe&redirect_uris=urn:ietf:wg:oauth:2.0:oob"
            let folder = TestPaths.temporaryDirectory("parla-serve-bodies")
            let deep = folder.appendingPathComponent("deep"), many = folder.appendingPathComponent("many")
            try Data((app + "&x" + String(repeating: "[a]", count: 12_000) + "=1").utf8).write(to: deep)
            try Data((app + "&" + (0..<60_000).map { "scopes[]=\($0)" }.joined(separator: "&")).utf8).write(to: many)
            let before = Self.residentMegabytes(pid)
            let started = ContinuousClock.now
            for _ in 0..<3 { #expect(try await status(url + API.Apps.register.path, bodyFile: deep) == "422") }
            // Four at once, as probed, while someone else reads the instance document (it took 7 to 11 s).
            try await withThrowingTaskGroup(of: (String, String).self) { group in
                for _ in 0..<4 { group.addTask { ("many", try await status(url + API.Apps.register.path, bodyFile: many)) } }
                group.addTask { ("instance", try await status(url + API.Misc.instance.path, seconds: 5)) }
                for try await (request, answer) in group { #expect(answer == (request == "many" ? "422" : "200")) }
            }
            let after = Self.residentMegabytes(pid)
            #expect(ContinuousClock.now - started < .seconds(20), "seven refusals, each one pass over at most 1 MiB")
            #expect(after - before < 40, "resident memory went from \(before) MB to \(after) MB")
        }
    }

    /// Item 26: 1,100 connections that never finish their headers left the process answering nobody (0 of 3).
    /// Now normal requests are answered among them, and every one of them is closed within the header deadline.
    @Test func issue26ElevenHundredSlowConnectionsLeaveNormalRequestsAnswered() async throws {
        try await withServe { url, _ in
            let port = try #require(Int(url.split(separator: ":").last ?? ""))
            let slow = try SlowClients.open(port: port, count: 1_100, receiveTimeout: 20)
            defer { for fd in slow { close(fd) } }
            for _ in 0..<3 { #expect(try await status(url + API.Misc.instance.path, seconds: 5) == "200") }
            // Every slow connection is closed: the oldest to make room, the rest at the 10-second deadline.
            let closed = await SlowClients.countClosedByServer(slow, within: 20)
            #expect(closed == 1_100)
        }
    }
}
