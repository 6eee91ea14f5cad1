import Foundation
import MastodonAPI
import SystemTestSupport
import Testing
import TestSupport

/// Issue 20 through the real binary against a hostile server: a second server claiming another
/// account's name, a 250-character `acct`, escapes in names and posts, and poll counts that overflow.
@Suite struct HostileServerLineTests {
    static func account(_ acct: String) -> String {
        #"{"id":"1","username":"user0","acct":"\#(acct)","display_name":"Eve\u001b]0;PWNED\u0007\u001b[31mRED\u001b[0m","url":"https://x.example/@u"}"#
    }

    static let overflowingPoll = #"""
        [{"id":"5","created_at":"2026-01-01T00:00:00.000Z","content":"<p>Vote \u001b[31mnow\u001b[0m\u200b!</p>",
          "account":{"id":"9","username":"eve","acct":"eve","display_name":"Eve\u001b]0;PWNED\u0007"},
          "poll":{"id":"p","expired":false,"multiple":false,"votes_count":9223372036854775807,
                  "options":[{"title":"yes","votes_count":9223372036854775807},{"title":"no","votes_count":-9223372036854775806}]}}]
        """#

    /// A server whose user is `acct` and whose home timeline is `home`.
    private func server(acct: String, home: String = "[]") throws -> HostileServer {
        try HostileServer { request in
            if request.target.hasPrefix(API.Accounts.verifyCredentials.path) {
                return HostileServer.response(200, headers: [("Content-Type", "application/json")], body: Self.account(acct))
            }
            if request.target.hasPrefix(API.Timelines.home.path) {
                return HostileServer.response(200, headers: [("Content-Type", "application/json")], body: home)
            }
            return HostileServer.response(404, body: #"{"error":"Record not found"}"#)
        }
    }

    private func parla(_ arguments: [String], dataDir: URL, token: String = "t") async throws -> Command.Result {
        var environment = TestEnvironment.forParla
        environment["PARLA_TOKEN"] = token
        return try await Command.runDetached([TestPaths.parlaExecutable.path] + arguments + ["--data-dir", dataDir.path, "--lang", "en"],
                                             environment: environment)
    }

    private func hasEscapes(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x200B } || text.contains("[31m") || text.contains("]0;")
    }

    @Test func issue20ASecondServerClaimingAnotherAccountsNameDoesNotTakeItsToken() async throws {
        let first = try server(acct: "user0")
        let second = try server(acct: "user0@127.0.0.1:\(first.port)")
        defer { first.stop(); second.stop() }
        let dataDir = TestPaths.temporaryDirectory("parla-hostile")
        #expect(try await parla(["login", first.baseURL.absoluteString], dataDir: dataDir, token: "first-token").status == 0)
        let claim = try await parla(["login", second.baseURL.absoluteString], dataDir: dataDir, token: "second-token")
        #expect(claim.status == 0, "\(claim.errors)")
        #expect(claim.output == "Logged in as user0@127.0.0.1:\(first.port) on \(second.baseURL.absoluteString).\n")
        let file = dataDir.appendingPathComponent("config/accounts.json")
        let stored = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let accounts = try #require(stored["accounts"] as? [[String: Any]])
        #expect(accounts.map { "\($0["name"]!) \($0["token"]!)" } == [
            "user0@127.0.0.1:\(first.port) first-token", "user0@127.0.0.1:\(second.port) second-token",
        ])
    }

    @Test func issue20ATenYearRetryAfterIsADayWithItsDateAndCanBeOverridden() async throws {
        let calls = Counter()
        let hostile = try HostileServer { request in
            if request.target.hasPrefix(API.Accounts.verifyCredentials.path) {
                return HostileServer.response(200, headers: [("Content-Type", "application/json")], body: Self.account("user0"))
            }
            if request.target.hasSuffix("/instance") {
                return HostileServer.response(200, headers: [("Content-Type", "application/json")], body: #"{"uri":"h","title":"h","version":"4.3.0"}"#)
            }
            // The first timeline call is refused for ten years; the server is fine afterwards.
            if calls.next() == 1 { return HostileServer.response(429, headers: [("Retry-After", "315360000")], body: #"{"error":"later"}"#) }
            return HostileServer.response(200, headers: [("Content-Type", "application/json")], body: "[]")
        }
        defer { hostile.stop() }
        let dataDir = TestPaths.temporaryDirectory("parla-hostile")
        #expect(try await parla(["login", hostile.baseURL.absoluteString], dataDir: dataDir).status == 0)
        let refused = try await parla(["timeline", "home"], dataDir: dataDir)
        #expect(refused.status == 75)
        #expect(refused.errors.hasPrefix("The server asks Parla to wait until "), "\(refused.errors)")
        #expect(refused.errors.hasSuffix(". Parla will wait; to try sooner, run parla budget --reset.\n"), "\(refused.errors)")
        // Still refused without asking the server again, until the user says to try now.
        #expect(try await parla(["timeline", "home"], dataDir: dataDir).status == 75)
        #expect(calls.value == 1)
        let reset = try await parla(["budget", "--reset"], dataDir: dataDir)
        #expect(reset.status == 0, "\(reset.errors)")
        let again = try await parla(["timeline", "home"], dataDir: dataDir)
        #expect(again.status == 0, "\(again.errors)")
    }

    @Test func issue20ALongHostileAcctLeavesAUsableAccountAndNoEscapes() async throws {
        let acct = String(repeating: "a", count: 240) + "\u{1B}]0;PWNED\u{07}@x.example"
        let hostile = try server(acct: acct.replacingOccurrences(of: "\u{1B}", with: "\\u001b").replacingOccurrences(of: "\u{07}", with: "\\u0007"),
                                 home: Self.overflowingPoll)
        defer { hostile.stop() }
        let dataDir = TestPaths.temporaryDirectory("parla-hostile")
        let login = try await parla(["login", hostile.baseURL.absoluteString], dataDir: dataDir)
        #expect(login.status == 0, "\(login.errors)")
        #expect(!hasEscapes(login.output), "\(login.output.debugDescription)")
        let name = String(repeating: "a", count: 64) + "@127.0.0.1:\(hostile.port)"
        let accounts = try await parla(["accounts"], dataDir: dataDir)
        #expect(accounts.output == "\(name) on \(hostile.baseURL.absoluteString)\n")
        // The account opens (its folder could be made) and the poll that overflowed reads.
        let timeline = try await parla(["timeline", "home", "--account", name], dataDir: dataDir)
        #expect(timeline.status == 0, "\(timeline.errors)")
        #expect(timeline.output.hasPrefix("Eve: Vote now! Poll: yes, 9223372036854775807 votes, 100 percent; no, 0 votes, 0 percent."), "\(timeline.output)")
        #expect(!hasEscapes(timeline.output), "\(timeline.output.debugDescription)")
    }
}

/// Counts calls across the server's threads.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func next() -> Int { lock.withLock { count += 1; return count } }
}
