import Foundation
@testable import Bluesky
import MicroblogKit
import ServiceHTTP
import ServiceHTTPTesting
import Testing

@Suite("The session: made once at login, renewed on ExpiredToken")
struct SessionTests {
    static let emptyFeed = #"{"feed": []}"#
    static let renewed = #"{"accessJwt": "access-2", "refreshJwt": "refresh-2", "did": "did:plc:me", "handle": "me.bsky.social"}"#
    static let expired = HTTPResponse.json(#"{"error": "ExpiredToken", "message": "Token has expired"}"#, status: 400)

    /// A server whose first access token has expired: it renews the session once, for the first refresh token.
    @Sendable static func renewingServer(_ request: HTTPRequest) -> HTTPResponse {
        switch (BlueskyHarness.method(request), request.header("Authorization")) {
        case ("app.bsky.feed.getTimeline", "Bearer access-1"): expired
        case ("app.bsky.feed.getTimeline", "Bearer access-2"): .json(emptyFeed)
        case ("com.atproto.server.refreshSession", "Bearer refresh-1"): .json(renewed)
        default: .json(#"{"error": "InvalidToken"}"#, status: 401)
        }
    }

    @Test("an expired access token is renewed with refreshSession and the call sent once more; createSession is never called")
    func refreshOnExpiredToken() async throws {
        let harness = BlueskyHarness(Self.renewingServer)
        let page = try await harness.client.timeline(.home, page: .newest)
        #expect(page.items.isEmpty)
        #expect(harness.transport.paths == [
            "/xrpc/app.bsky.feed.getTimeline", "/xrpc/com.atproto.server.refreshSession", "/xrpc/app.bsky.feed.getTimeline",
        ])
        #expect(harness.transport.count(path: "/xrpc/com.atproto.server.createSession") == 0)
        #expect(harness.saved.all.map(\.accessJwt) == ["access-2"])
        #expect(harness.saved.all.map(\.refreshJwt) == ["refresh-2"])
        #expect(harness.saved.all.map(\.service) == ["https://pds.example"])
        // Later calls use the renewed token from the start.
        _ = try await harness.client.timeline(.home, page: .newest)
        #expect(harness.transport.requests.last?.header("Authorization") == "Bearer access-2")
        #expect(harness.transport.count(path: "/xrpc/com.atproto.server.refreshSession") == 1)
    }

    @Test("calls that find the token expired at once share one renewal")
    func oneRenewalForManyCalls() async throws {
        let harness = BlueskyHarness(Self.renewingServer)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 { group.addTask { _ = try await harness.client.timeline(.home, page: .newest) } }
            try await group.waitForAll()
        }
        #expect(harness.transport.count(path: "/xrpc/com.atproto.server.refreshSession") == 1)
        #expect(harness.saved.all.count == 1)
    }

    @Test("a refresh token no longer accepted asks the user to log in again, without createSession")
    func expiredRefreshTokenIsUnauthorized() async throws {
        let harness = BlueskyHarness { request in
            BlueskyHarness.method(request) == "com.atproto.server.refreshSession"
                ? .json(#"{"error": "ExpiredToken", "message": "Token has expired"}"#, status: 400) : Self.expired
        }
        await #expect(throws: MicroblogError.unauthorized) { try await harness.client.timeline(.home, page: .newest) }
        #expect(harness.transport.count(path: "/xrpc/com.atproto.server.createSession") == 0)
        #expect(MicroblogError.unauthorized.exitCode == 77)
    }

    @Test("login resolves the handle's own server from bsky.social and makes the session there, once")
    func loginFindsTheHandlesServer() async throws {
        let transport = ScriptedTransport { request in
            switch (request.url.host ?? "", request.url.path) {
            case ("bsky.social", "/xrpc/com.atproto.identity.resolveHandle"): return .json(#"{"did": "did:plc:ana"}"#)
            case ("plc.directory", "/did:plc:ana"):
                return .json(##"{"id": "did:plc:ana", "service": [{"id": "#atproto_pds", "type": "AtprotoPersonalDataServer", "serviceEndpoint": "https://morel.us-east.host.bsky.network"}]}"##)
            case ("morel.us-east.host.bsky.network", "/xrpc/com.atproto.server.createSession"):
                return .json(#"{"accessJwt": "a", "refreshJwt": "r", "did": "did:plc:ana", "handle": "ana.bsky.social", "active": true}"#)
            default: return .json(#"{"error": "NotFound"}"#, status: 404)
            }
        }
        let session = try await BlueskyLogin.login(
            server: try BlueskyLogin.serverURL(from: "bsky.social"), handle: "@ana.bsky.social", appPassword: "abcd-efgh-ijkl-mnop", transport: transport)
        #expect(session == BlueskySession(accessJwt: "a", refreshJwt: "r", did: "did:plc:ana", handle: "ana.bsky.social", service: "https://morel.us-east.host.bsky.network"))
        #expect(transport.count(path: "/xrpc/com.atproto.server.createSession") == 1)
        let body = try BlueskyHarness.body(try #require(transport.requests.last))
        #expect(body["identifier"] as? String == "ana.bsky.social")
        #expect(body["password"] as? String == "abcd-efgh-ijkl-mnop")
        #expect(BlueskySession(stored: session.stored) == session)
        #expect(!session.description.contains("abcd") && !session.description.contains("\"a\"") && session.description.contains("tokens redacted"))
    }

    @Test("a wrong app password is refused as unauthorized (exit 77 in line mode)")
    func wrongAppPasswordIsUnauthorized() async throws {
        let transport = ScriptedTransport { request in
            request.url.path == "/xrpc/com.atproto.server.createSession"
                ? .json(#"{"error": "AuthenticationRequired", "message": "Invalid identifier or password"}"#, status: 401)
                : .json(#"{"error": "NotFound"}"#, status: 404)
        }
        await #expect(throws: MicroblogError.unauthorized) {
            try await BlueskyLogin.login(server: try BlueskyLogin.serverURL(from: "bsky.social"), handle: "ana.bsky.social", appPassword: "wrong", transport: transport)
        }
    }

    @Test("describeServer tells a Bluesky server from another")
    func describeServerDetectsBluesky() async throws {
        let transport = ScriptedTransport { request in
            request.url.host == "bsky.social" && request.url.path == "/xrpc/com.atproto.server.describeServer"
                ? .json(#"{"did": "did:web:bsky.social", "availableUserDomains": [".bsky.social"]}"#)
                : .json("<html>", status: 404)
        }
        #expect(await BlueskyLogin.isBlueskyServer(URL(string: "https://bsky.social")!, transport: transport))
        #expect(await BlueskyLogin.isBlueskyServer(URL(string: "https://mastodon.social")!, transport: transport) == false)
    }

    @Test("plain http is refused except to this computer")
    func insecureServerRefused() {
        #expect(throws: MicroblogError.insecureURL("http://bsky.social")) { try BlueskyLogin.serverURL(from: "http://bsky.social") }
        #expect((try? BlueskyLogin.serverURL(from: "http://127.0.0.1:4000"))?.absoluteString == "http://127.0.0.1:4000")
    }
}
