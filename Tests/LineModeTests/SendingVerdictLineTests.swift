import Foundation
import MastodonAPI
import SystemTestSupport
import Testing
import TestSupport

/// Issue 26, items 18, 19 and 30, through the real binary: what line mode says about a post the server
/// would refuse, one it refused, and one it answered with something unreadable.
@Suite(.serialized) struct SendingVerdictLineTests {
    let dataDir = TestPaths.temporaryDirectory("parla-verdict")

    private func parla(_ arguments: [String], token: String? = nil, language: String = "en") async throws -> Command.Result {
        var environment = TestEnvironment.forParla
        environment["PARLA_TOKEN"] = token
        return try await Command.runDetached(
            [TestPaths.parlaExecutable.path] + arguments + ["--data-dir", dataDir.path, "--lang", language], environment: environment)
    }

    /// A server that knows its user and answers every new post with `post`.
    private func server(answeringPostsWith post: HostileServer.Reply) throws -> HostileServer {
        try HostileServer { request in
            if request.target.hasPrefix(API.Accounts.verifyCredentials.path) {
                return HostileServer.response(200, headers: [("Content-Type", "application/json")],
                                              body: #"{"id":"1","username":"ana","acct":"ana","display_name":"Ana","url":"https://x.example/@ana"}"#)
            }
            if request.method == "POST", request.target.hasPrefix("/api/v1/statuses") { return post }
            return HostileServer.response(404, body: #"{"error":"Record not found"}"#)
        }
    }

    @Test func issue26APostOverTheServersLimitIsRefusedBeforeSendingAndNotKept() async throws {
        let over = try await parla(["post", String(repeating: "a", count: 480) + " https://example.org/" + String(repeating: "p", count: 200)])
        // 480 + 1 + 23 for the link, as Mastodon counts: 4 over the embedded instance's 500.
        #expect(over.status == 65)
        #expect(over.errors == "The post is 4 characters over the server's limit of 500 (each link counts as 23, @name@server as @name); nothing was sent.\n")
        let spanish = try await parla(["post", String(repeating: "a", count: 501)], language: "es")
        #expect(spanish.status == 65)
        #expect(spanish.errors == "La publicación pasa en 1 carácter el límite de 500 del servidor (cada enlace cuenta como 23, y @nombre@servidor como @nombre); no se ha enviado nada.\n")
        let outbox = try await parla(["outbox"])
        #expect(outbox.output == "The outbox is empty.\n")
        let fits = try await parla(["post", String(repeating: "a", count: 500)])
        #expect(fits.status == 0, "\(fits.errors)")
    }

    @Test func issue26AServersRefusalIsParlasSentenceWithTheServersWordsQuoted() async throws {
        let refusing = try server(answeringPostsWith: HostileServer.response(
            422, headers: [("Content-Type", "application/json")], body: #"{"error":"Validation failed: <speak>Text</speak> is odd"}"#))
        defer { refusing.stop() }
        #expect(try await parla(["login", refusing.baseURL.absoluteString], token: "t").status == 0)
        let english = try await parla(["post", "Hello"])
        #expect(english.status == 65)
        #expect(english.errors == "The server refused the post; it is kept in the outbox (parla outbox). The server refused it. Its reason: \"Validation failed: Text is odd\"\n")
        let catalan = try await parla(["post", "Hola"], language: "ca")
        #expect(catalan.errors == "El servidor ha rebutjat la publicació; es desa a la safata de sortida (parla outbox). El servidor ho ha rebutjat. El seu motiu: «Validation failed: Text is odd»\n")
    }

    @Test func issue26APostAnsweredWithAnUnreadableBodyIsKeptAsSentNotConfirmedAndRetryAgreesWithTheList() async throws {
        let garbled = try server(answeringPostsWith: HostileServer.response(200, headers: [("Content-Type", "application/json")], body: "<html>oops"))
        defer { garbled.stop() }
        #expect(try await parla(["login", garbled.baseURL.absoluteString], token: "t").status == 0)
        let sent = try await parla(["post", "Did it go?"])
        #expect(sent.status == 76)
        let listed = try await parla(["outbox", "--json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
        #expect(items.map { $0["state"] as? String } == ["unconfirmed"])
        let id = try #require(items.first?["id"] as? String)
        #expect(sent.errors == "The post was sent, but the server's answer could not be read: it may be published. It is kept in the outbox as sent, not confirmed; sending it again is safe, the server makes one post of both (parla outbox --retry \(id)). The server sent an answer Parla cannot read.\n")
        let outbox = try await parla(["outbox"])
        #expect(outbox.output == """
            Sent, not confirmed: the server's answer could not be read, so it may be published; sending it again is safe: Did it go?
            Last problem: The server sent an answer Parla cannot read.
            Id \(id).

            """)
        // --retry alone sends what waits: nothing; it says what the outbox keeps rather than that it is empty.
        let retry = try await parla(["outbox", "--retry"])
        #expect(retry.status == 0, "\(retry.errors)")
        #expect(retry.output == "Nothing is waiting to be sent. The outbox keeps 1 post, refused or not confirmed: name it to send it again (parla outbox --retry ID; parla outbox lists it).\n")
        // Named, it is sent again with the same idempotency key, so the server can make one post of both.
        _ = try await parla(["outbox", "--retry", id])
        let keys = garbled.requests.filter { $0.method == "POST" && $0.target.hasPrefix("/api/v1/statuses") }.map { $0.headers["idempotency-key"] }
        #expect(keys.count == 2)
        #expect(keys.first != nil && keys.first == keys.last)
    }
}
