import Foundation
import MastodonAPI
import SystemTestSupport
import Testing
import TestSupport

/// Issue 26 item 21: when a server's pages overlap, the same post was printed twice (7 times in 333 posts of
/// real data). Each post is printed once, in the newer shape it came in last (edited, its link card fetched).
@Suite struct OverlappingPagesLineTests {
    static let account = #"{"id":"1","username":"ana","acct":"ana","display_name":"Ana","url":"https://x.example/@ana"}"#

    static func post(_ id: Int, _ text: String, card: String? = nil) -> String {
        #"{"id":"\#(id)","created_at":"2026-01-01T00:00:0\#(id).000Z","content":"<p>\#(text)</p>","account":\#(account)"#
            + (card.map { #","card":{"url":"https://news.example/a","title":"\#($0)","provider_name":"News"}"# } ?? "") + "}"
    }

    @Test func postsOnOverlappingPagesArePrintedOnceInTheirNewerShape() async throws {
        let server = try HostileServer { request in
            let json = [("Content-Type", "application/json")]
            if request.target.hasPrefix(API.Accounts.verifyCredentials.path) {
                return HostileServer.response(200, headers: json, body: Self.account)
            }
            guard request.target.hasPrefix(API.Timelines.home.path) else {
                return HostileServer.response(404, body: #"{"error":"Record not found"}"#)
            }
            if request.target.contains("max_id=") {
                // The second page starts again on posts of the first: 4 has its link card now, 3 was edited.
                let page = [Self.post(4, "Four", card: "The news"), Self.post(3, "Three, edited"), Self.post(2, "Two"), Self.post(1, "One")]
                return HostileServer.response(200, headers: json, body: "[" + page.joined(separator: ",") + "]")
            }
            let page = [Self.post(5, "Five"), Self.post(4, "Four"), Self.post(3, "Three")]
            // Only the link's query counts (Parla reads it into a page request).
            let next = "<https://x.example\(API.Timelines.home.path)?max_id=5>; rel=\"next\""
            return HostileServer.response(200, headers: json + [("Link", next)], body: "[" + page.joined(separator: ",") + "]")
        }
        defer { server.stop() }
        let dataDir = TestPaths.temporaryDirectory("parla-overlap")
        var environment = TestEnvironment.forParla
        environment["PARLA_TOKEN"] = "t"
        func parla(_ arguments: [String]) async throws -> Command.Result {
            try await Command.runDetached([TestPaths.parlaExecutable.path] + arguments + ["--data-dir", dataDir.path, "--lang", "en"],
                                          environment: environment)
        }
        #expect(try await parla(["login", server.baseURL.absoluteString]).status == 0)
        let read = try await parla(["timeline", "home", "--limit", "10", "--json"])
        #expect(read.status == 0, "\(read.errors)")
        let posts = try #require(try JSONSerialization.jsonObject(with: Data(read.output.utf8)) as? [[String: Any]])
        #expect(posts.map { $0["id"] as? String } == ["5", "4", "3", "2", "1"])
        #expect(posts.map { $0["text"] as? String } == ["Five", "Four\n\n[Link: The news, News]", "Three, edited", "Two", "One"])
    }
}
