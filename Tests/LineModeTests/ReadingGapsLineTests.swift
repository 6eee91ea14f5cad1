import Foundation
import MastodonAPI
import SystemTestSupport
import Testing
import TestSupport

/// Issue 26, items 22 and 29, through the real binary against a server that sends what Parla cannot show
/// as a post: conversations whose last post is gone, posts that cannot be read, speech markup in names.
@Suite(.serialized) struct ReadingGapsLineTests {
    let dataDir = TestPaths.temporaryDirectory("parla-gaps")

    private func parla(_ arguments: [String], token: String? = nil) async throws -> Command.Result {
        var environment = TestEnvironment.forParla
        environment["PARLA_TOKEN"] = token
        return try await Command.runDetached(
            [TestPaths.parlaExecutable.path] + arguments + ["--data-dir", dataDir.path, "--lang", "en"], environment: environment)
    }

    static func account(_ id: String, _ name: String) -> String {
        #"{"id":"\#(id)","username":"\#(name)","acct":"\#(name)","display_name":"\#(name.capitalized)","url":"https://x.example/@\#(name)"}"#
    }

    static func post(_ id: String, _ text: String, createdAt: String = "2026-01-01T00:00:00.000Z") -> String {
        #"{"id":"\#(id)","created_at":"\#(createdAt)","content":"<p>\#(text)</p>","visibility":"direct","account":\#(account("2", "bea"))}"#
    }

    /// Three conversations: one with its last post, one whose last post was deleted, one that cannot be read.
    static let conversations = "[" + [
        #"{"id":"c1","unread":false,"accounts":[\#(account("2", "bea"))],"last_status":\#(post("10", "See you at noon"))}"#,
        #"{"id":"c2","unread":false,"accounts":[\#(account("3", "carla")),\#(account("4", "dani"))],"last_status":null}"#,
        #"{"id":"c3","accounts":[],"last_status":{"id":"11","created_at":"yesterday-ish","content":"<p>x</p>"}}"#,
    ].joined(separator: ",") + "]"

    /// Four posts, of which two have dates no one can read and one is not a post at all.
    static let home = "[" + [post("20", "Morning"), post("21", "Bad date", createdAt: "31/02/2026"), post("22", "Noon"),
                             post("23", "Bad too", createdAt: ""), #"{"nothing":"here"}"#].joined(separator: ",") + "]"

    private func server() throws -> HostileServer {
        try HostileServer { request in
            let json = [("Content-Type", "application/json")]
            if request.target.hasPrefix(API.Accounts.verifyCredentials.path) { return HostileServer.response(200, headers: json, body: Self.account("1", "ana")) }
            if request.target.hasPrefix("/api/v1/conversations") { return HostileServer.response(200, headers: json, body: Self.conversations) }
            if request.target.hasPrefix(API.Timelines.home.path) { return HostileServer.response(200, headers: json, body: Self.home) }
            if request.target.hasPrefix("/api/v2/search") {
                return HostileServer.response(200, headers: json, body: #"{"accounts":[],"statuses":[],"hashtags":[{"name":"<speak><break time=\"999999s\"/>tide</speak>"}]}"#)
            }
            if request.target.hasPrefix("/api/v1/lists") {
                return HostileServer.response(200, headers: json, body: #"[{"id":"1","title":"<speak><audio src=\"x.wav\"/><break time=\"999999s\"/>Friends</speak>"}]"#)
            }
            return HostileServer.response(404, body: #"{"error":"Record not found"}"#)
        }
    }

    @Test func issue26ConversationsWhoseLastPostIsGoneAreListedWithTheirPeopleAndUnreadOnesAreCounted() async throws {
        let hostile = try server()
        defer { hostile.stop() }
        #expect(try await parla(["login", hostile.baseURL.absoluteString], token: "t").status == 0)
        let direct = try await parla(["timeline", "direct"])
        #expect(direct.status == 0, "\(direct.errors)")
        let paragraphs = direct.output.components(separatedBy: "\n\n")
        #expect(paragraphs.count == 3, "\(direct.output)")
        #expect(paragraphs.first?.contains("See you at noon") == true, "\(direct.output)")
        #expect(Array(paragraphs.dropFirst()) == [
            "A conversation with Carla, @carla; Dani, @dani: its last post was deleted.",
            "1 post the server sent could not be read.\n",
        ])
    }

    @Test func issue26PostsThatCannotBeReadAreCountedNotDroppedSilently() async throws {
        let hostile = try server()
        defer { hostile.stop() }
        #expect(try await parla(["login", hostile.baseURL.absoluteString], token: "t").status == 0)
        let home = try await parla(["timeline", "home"])
        #expect(home.status == 0, "\(home.errors)")
        #expect(home.output.contains("Morning") && home.output.contains("Noon"), "\(home.output)")
        #expect(home.output.hasSuffix("\n\n3 posts the server sent could not be read.\n"), "\(home.output)")
    }

    @Test func issue26SpeechMarkupFromTheServerIsTakenOutOfLineOutputAndErrors() async throws {
        let hostile = try server()
        defer { hostile.stop() }
        #expect(try await parla(["login", hostile.baseURL.absoluteString], token: "t").status == 0)
        let missing = try await parla(["timeline", "list", "Family"])
        #expect(missing.status == 65)
        #expect(missing.errors == "There is no list called Family. Your lists: Friends.\n")
        let search = try await parla(["search", "tide"])
        #expect(search.status == 0, "\(search.errors)")
        #expect(search.output == "Hashtag tide.\n")
    }
}
