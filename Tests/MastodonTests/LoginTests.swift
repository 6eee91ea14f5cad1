import Foundation
import LocalInstance
@testable import Mastodon
import MastodonAPI
import MicroblogKit
import ParlaBase
import Testing

@Suite("Mastodon login and addresses")
struct LoginTests {
    @Test("the out-of-band OAuth flow: register, authorize, exchange the code, verify")
    func oauthFlow() async throws {
        try await withMastodon { h in
            let app = try await MastodonOAuth.registerApp(server: h.server, transport: h.transport)
            #expect(!app.clientId.isEmpty)
            #expect(!app.description.contains(app.clientSecret))
            let authorize = MastodonOAuth.authorizeURL(server: h.server, app: app)
            #expect(authorize.path == API.Apps.authorize.path)
            #expect(authorize.query?.contains("redirect_uri=urn:ietf:wg:oauth:2.0:oob") == true)
            #expect(authorize.query?.contains("scope=read%20write%20follow") == true)
            // The local instance asks for the owner's approval; once given, it shows the code on the last line.
            let ask = try await h.transport.send(HTTPRequest(method: "GET", url: authorize))
            #expect(ask.status == 200)
            let form = (authorize.query ?? "") + "&approval=" + h.instance.ownerToken
            let page = try await h.transport.send(HTTPRequest(
                method: "POST", url: h.server.appendingPathComponent("oauth/authorize"),
                headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Data(form.utf8)))
            #expect(page.status == 200)
            let code = try #require(String(decoding: page.body, as: UTF8.self).split(separator: "\n").last.map(String.init))
            let token = try await MastodonOAuth.exchange(code: code, server: h.server, app: app, transport: h.transport)
            #expect(!token.isEmpty)
            #expect(try await MastodonOAuth.verify(server: h.server, token: token, transport: h.transport).username == "owner")
            await #expect(throws: MicroblogError.self) {
                _ = try await MastodonOAuth.exchange(code: code, server: h.server, app: app, transport: h.transport)
            }
        }
    }

    @Test("logging in with the owner's token; a wrong token is unauthorized")
    func tokenLogin() async throws {
        try await withMastodon { h in
            let owner = try await MastodonOAuth.verify(server: h.server, token: h.instance.ownerToken, transport: h.transport)
            #expect(owner.acct == "owner")
            await #expect(throws: MicroblogError.unauthorized) {
                _ = try await MastodonOAuth.verify(server: h.server, token: "not-a-token", transport: h.transport)
            }
        }
    }

    @Test("server addresses: bare names get https, loopback may be http, other http is refused")
    func serverAddresses() throws {
        #expect(try MastodonClient.serverURL(from: "mastodon.social").absoluteString == "https://mastodon.social")
        #expect(try MastodonClient.serverURL(from: " https://Mastodon.Social/ ").absoluteString == "https://mastodon.social")
        #expect(try MastodonClient.serverURL(from: "http://127.0.0.1:4000").absoluteString == "http://127.0.0.1:4000")
        #expect(try MastodonClient.serverURL(from: "http://localhost:3000/").absoluteString == "http://localhost:3000")
        #expect(try MastodonClient.serverURL(from: "http://[::1]:3000").absoluteString == "http://[::1]:3000")
        #expect(throws: MicroblogError.insecureURL("http://mastodon.social")) { try MastodonClient.serverURL(from: "http://mastodon.social") }
        #expect(throws: MicroblogError.insecureURL("http://127.0.0.1.evil.example")) {
            try MastodonClient.serverURL(from: "http://127.0.0.1.evil.example")
        }
        #expect(throws: MicroblogError.invalidURL("")) { try MastodonClient.serverURL(from: "  ") }
        #expect(throws: MicroblogError.invalidURL("ftp://x.example")) { try MastodonClient.serverURL(from: "ftp://x.example") }
    }

    @Test("a client on plain http to another host refuses to send anything")
    func insecureClient() async throws {
        let transport = FixtureTransport { _ in .json("{}") }
        let client = MastodonClient(server: URL(string: "http://mastodon.social")!, token: "t", transport: transport, budget: RateLimitBudget())
        await #expect(throws: MicroblogError.insecureURL("http://mastodon.social")) { _ = try await client.currentAccount() }
        await #expect(throws: MicroblogError.insecureURL("http://mastodon.social")) {
            _ = try await MastodonOAuth.registerApp(server: URL(string: "http://mastodon.social")!, transport: transport)
        }
        #expect(transport.requests.isEmpty)
    }

    @Test("the token never shows in descriptions or errors")
    func tokenRedacted() async throws {
        let transport = FixtureTransport { _ in HTTPResponse(status: 422, body: Data(#"{"error":"Validation failed"}"#.utf8)) }
        let client = transport.client()
        #expect(!client.description.contains("secret-token"))
        #expect(!String(describing: transport.requests).contains("secret-token"))
        do {
            _ = try await client.publish(NewPost(text: "x"))
            Issue.record("expected a rejection")
        } catch {
            #expect(error as? MicroblogError == .rejected(status: 422, message: "Validation failed"))
            #expect(!String(describing: error).contains("secret-token"))
        }
        #expect(transport.requests.first.map { String(describing: $0) } == "POST /api/v1/statuses")
        #expect(transport.requests.first?.header("Authorization") == "Bearer secret-token")
    }
}
