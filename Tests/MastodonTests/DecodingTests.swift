import Foundation
@testable import Mastodon
import MicroblogKit
import ParlaBase
import Testing

let accountJSON = #"{"id":"7","username":"tom","acct":"tom","display_name":"Tom","note":"","url":"https://example.social/@tom","followers_count":3,"following_count":2,"statuses_count":9,"created_at":"2024-05-01T00:00:00Z","a_field_from_the_future":{"x":1}}"#

@Suite("Decoding Mastodon's JSON tolerantly")
struct DecodingTests {
    @Test("unknown fields, unknown enum values, nulls and dates with or without fractions")
    func tolerantStatus() async throws {
        let page = """
        [
          {"id":"3","created_at":"2024-05-01T10:20:30.123Z","account":\(accountJSON),"content":"<p>hi</p>","visibility":"local_only",
           "language":null,"poll":null,"reblog":null,"spoiler_text":"","media_attachments":[{"id":"m","type":"hologram","url":"u","description":null}],
           "mentions":[],"tags":[{"name":"swift"}],"emojis":[],"quote":{"anything":true},"edited_at":null},
          {"id":"2","created_at":"2024-05-01T10:20:29Z","account":\(accountJSON),"content":"no optional fields at all"},
          {"id":"1","created_at":"not a date","account":\(accountJSON),"content":"broken date"},
          {"id":"0","created_at":"2024-05-01T10:20:28Z","content":"no author"},
          "not even an object"
        ]
        """
        let transport = FixtureTransport { _ in .json(page, headers: [("Link", #"<https://example.social/api/v1/timelines/home?max_id=0>; rel="next""#)]) }
        let result = try await transport.client().timeline(.home, page: .newest)
        #expect(result.items.map(\.id) == ["3", "2"])
        let first = result.items[0]
        #expect(first.visibility == .unknown("local_only"))
        #expect(first.media.first?.kind == .unknown("hologram"))
        #expect(first.language == nil)
        #expect(first.poll == nil)
        #expect(first.tags == ["swift"])
        #expect(first.createdAt == Date(timeIntervalSince1970: 1_714_558_830.123))
        #expect(result.items[1].createdAt == Date(timeIntervalSince1970: 1_714_558_829))
        #expect(result.items[1].visibility == .public)
        #expect(result.older == PageRequest.mastodon(maxId: "0"))
    }

    @Test("unknown notification types are kept")
    func unknownNotificationKind() async throws {
        let body = #"[{"id":"5","type":"admin.sign_up","created_at":"2024-05-01T10:20:30Z","account":\#(accountJSON),"status":null}]"#
        // A server before Mastodon 4.3: no grouped notifications, so they come one by one.
        let transport = FixtureTransport { $0.url.path.hasPrefix("/api/v2/") ? .notFound : .json(body) }
        let page = try await transport.client().notifications(page: .newest, kinds: nil)
        #expect(page.items.map(\.kind) == [.unknown("admin.sign_up")])
    }

    @Test("a body that is not JSON is a malformed response")
    func malformed() async throws {
        let transport = FixtureTransport { _ in .json("{\"id\": \"1\", \"content\": [unterminated") }
        await #expect(throws: MicroblogError.malformedResponse(detail: "invalid JSON at top level")) {
            _ = try await transport.client().post(id: "1")
        }
    }

    @Test("rate-limit headers: ISO 8601 or epoch resets, Retry-After in seconds or as an HTTP date")
    func rateLimitHeaders() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let iso = RateLimitHeaders(header: ["X-RateLimit-Limit": "300", "X-RateLimit-Remaining": "299", "X-RateLimit-Reset": "2027-01-15T08:05:00.000Z"].lookup, now: now)
        #expect(iso == RateLimitHeaders(limit: 300, remaining: 299, resetAt: Date(timeIntervalSince1970: 1_800_000_300)))
        let epoch = RateLimitHeaders(header: ["X-RateLimit-Reset": "1800000300", "Retry-After": "120"].lookup, now: now)
        #expect(epoch == RateLimitHeaders(resetAt: Date(timeIntervalSince1970: 1_800_000_300), retryAt: Date(timeIntervalSince1970: 1_800_000_120)))
        let httpDate = RateLimitHeaders(header: ["Retry-After": "Fri, 15 Jan 2027 08:05:00 GMT", "X-RateLimit-Remaining": "lots"].lookup, now: now)
        #expect(httpDate == RateLimitHeaders(retryAt: Date(timeIntervalSince1970: 1_800_000_300)))
    }
}

extension Dictionary where Key == String, Value == String {
    /// A case-insensitive header lookup.
    func lookup(_ name: String) -> String? {
        first { $0.key.lowercased() == name.lowercased() }?.value
    }
}

@Suite("Link headers")
struct LinkHeaderTests {
    @Test("next and prev become paging requests")
    func nextAndPrev() {
        let header = LinkHeader(#"<https://m.example/api/v1/timelines/home?limit=40&max_id=109>; rel="next", <https://m.example/api/v1/timelines/home?min_id=150>; rel="prev""#)
        #expect(header.older == PageRequest.mastodon(maxId: "109", limit: 40))
        #expect(header.newer == PageRequest.mastodon(minId: "150"))
    }

    @Test("garbage never crashes and yields what can be read")
    func garbage() {
        let inputs = [
            "", ",,,", "<", ">", "<>; rel=next", "rel=\"next\"", "<not a url>; rel=\"next\"", "<https://x.example/?max_id=>; rel=next",
            "<https://x.example/a?since_id=5>; rel", "<https://x.example/a,b?max_id=3>; rel=\"next\"; title=\"a,b\"",
            String(repeating: "<<;;==,,", count: 500), "\u{0}\u{FFFF}<https://x.example/?max_id=1>;rel=NEXT",
        ]
        let parsed = inputs.map { LinkHeader($0) }
        #expect(parsed.map(\.older) == [
            nil, nil, nil, nil, nil, nil, nil, nil, nil, PageRequest.mastodon(maxId: "3"), nil, PageRequest.mastodon(maxId: "1"),
        ])
        #expect(parsed.allSatisfy { $0.newer == nil })
    }
}

@Suite("Server-Sent Events")
struct ServerSentEventTests {
    @Test("events split across chunks, heartbeats skipped, multi-line data joined")
    func parser() {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        for chunk in [":)\n\n:thump\n\nevent: upd", "ate\ndata: {\"a\":\n", "data: 1}\n\r\n", "event: delete\ndata: 42\n\n", ":thump\n"] {
            events += parser.feed(Data(chunk.utf8))
        }
        #expect(events == [ServerSentEvent(event: "update", data: "{\"a\":\n1}"), ServerSentEvent(event: "delete", data: "42")])
    }
}
