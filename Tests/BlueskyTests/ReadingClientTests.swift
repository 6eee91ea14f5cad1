import Foundation
@testable import Bluesky
import MicroblogKit
import ServiceHTTP
import ServiceHTTPTesting
import Testing

@Suite("Reading through the client: the calls made, their cursors, and what comes back")
struct ReadingClientTests {
    /// A post view as JSON.
    static func post(_ key: String, text: String, by handle: String = "ana.test") -> String {
        #"{"$type": "app.bsky.feed.defs#postView", "uri": "at://did:plc:ana/app.bsky.feed.post/\#(key)", "cid": "bafy\#(key)", "author": {"did": "did:plc:ana", "handle": "\#(handle)"}, "record": {"text": "\#(text)", "createdAt": "2026-01-01T00:00:00Z"}, "indexedAt": "2026-01-01T00:00:00Z"}"#
    }

    /// A thread node with its replies.
    static func node(_ key: String, replies: [String] = [], parent: String? = nil) -> String {
        let above = parent.map { #", "parent": \#($0)"# } ?? ""
        return #"{"$type": "app.bsky.feed.defs#threadViewPost", "post": \#(post(key, text: key))\#(above), "replies": [\#(replies.joined(separator: ", "))]}"#
    }

    @Test("a thread reads from its first post down, the replies depth first as the server ordered them, missing ones left out")
    func threadInOrder() async throws {
        let root = Self.node("root")
        let parent = Self.node("parent", parent: root)
        let blocked = #"{"$type": "app.bsky.feed.defs#blockedPost", "uri": "at://did:plc:x/app.bsky.feed.post/b", "blocked": true, "author": {"did": "did:plc:x"}}"#
        let thread = Self.node("focus", replies: [Self.node("r1", replies: [Self.node("r1a")]), blocked, Self.node("r2")], parent: parent)
        let harness = BlueskyHarness { request in
            BlueskyHarness.method(request) == "app.bsky.feed.getPostThread" ? .json(#"{"thread": \#(thread)}"#) : .json("{}", status: 404)
        }
        let read = try await harness.client.thread(id: "at://did:plc:ana/app.bsky.feed.post/focus")
        #expect(read.all.map(\.content.source) == ["root", "parent", "focus", "r1", "r1a", "r2"])
        #expect(read.ancestors.count == 2)
        let request = try #require(harness.transport.requests.first)
        #expect(BlueskyHarness.parameter(request, "uri") == "at://did:plc:ana/app.bsky.feed.post/focus")
    }

    @Test("home asks for the largest page, and the server's cursor is the next page's")
    func homePagesByCursor() async throws {
        let harness = BlueskyHarness { request in
            .json(#"{"cursor": "c2", "feed": [{"post": \#(Self.post("a", text: "one"))}]}"#)
        }
        let first = try await harness.client.timeline(.home, page: .newest)
        #expect(first.items.map(\.content.source) == ["one"])
        #expect(first.older == PageRequest(cursor: "c2"))
        _ = try await harness.client.timeline(.home, page: try #require(first.older))
        let requests = harness.transport.requests
        #expect(requests.map { $0.url.query ?? "" } == ["limit=100", "limit=100&cursor=c2"])
        #expect(requests.first?.url.absoluteString.hasPrefix("https://pds.example/xrpc/app.bsky.feed.getTimeline") == true)
        #expect(requests.first?.header("Authorization") == "Bearer access-1")
    }

    @Test("a person's posts with or without replies or media only, a custom feed, a list: each by its own call")
    func feedsByTheirCalls() async throws {
        let harness = BlueskyHarness { _ in .json(#"{"feed": []}"#) }
        _ = try await harness.client.authorFeed(actor: "did:plc:ana", filter: .mediaOnly, page: PageRequest(limit: 20))
        _ = try await harness.client.timeline(.user(accountId: "did:plc:ana"), page: .newest)
        _ = try await harness.client.feed(uri: "at://did:plc:f/app.bsky.feed.generator/cats", page: .newest)
        _ = try await harness.client.timeline(.list(id: "at://did:plc:me/app.bsky.graph.list/l1"), page: .newest)
        #expect(harness.transport.requests.map { BlueskyHarness.method($0) + "?" + ($0.url.query ?? "") } == [
            "app.bsky.feed.getAuthorFeed?actor=did%3Aplc%3Aana&filter=posts_with_media&limit=20",
            "app.bsky.feed.getAuthorFeed?actor=did%3Aplc%3Aana&filter=posts_with_replies&limit=100",
            "app.bsky.feed.getFeed?feed=at%3A%2F%2Fdid%3Aplc%3Af%2Fapp.bsky.feed.generator%2Fcats&limit=100",
            "app.bsky.feed.getListFeed?list=at%3A%2F%2Fdid%3Aplc%3Ame%2Fapp.bsky.graph.list%2Fl1&limit=100",
        ])
    }

    @Test("notifications come with the posts they are about, fetched together; seenAt is the read marker, updateSeen saves it")
    func notificationsWithTheirPosts() async throws {
        let notifications = try BlueskyHarness.fixture("notifications.json")
        let harness = BlueskyHarness { request in
            switch BlueskyHarness.method(request) {
            case "app.bsky.notification.listNotifications": return .json(notifications)
            case "app.bsky.feed.getPosts":
                return .json(#"{"posts": [\#(Self.post("x", text: "mine").replacingOccurrences(of: "did:plc:ana/app.bsky.feed.post/x", with: "did:plc:snapuser90aaaaaaaaaaaaaa/app.bsky.feed.post/3snaprec00004"))]}"#)
            default: return .json("{}")
            }
        }
        let page = try await harness.client.notifications(page: .newest, kinds: [.favourite])
        #expect(page.items.count == 1)
        #expect(page.items.first?.post?.content == .plain("mine"))
        #expect(page.items.first?.group?.count == 3)
        #expect(page.older == PageRequest(cursor: "1970-01-01T00:00:00.000Z::bafyreisnapcid0099"))
        let postsRequest = try #require(harness.transport.requests.first { BlueskyHarness.method($0) == "app.bsky.feed.getPosts" })
        #expect(postsRequest.url.query == "uris=at%3A%2F%2Fdid%3Aplc%3Asnapuser90aaaaaaaaaaaaaa%2Fapp.bsky.feed.post%2F3snaprec00004")
        let markers = try await harness.client.markers()
        #expect(markers["notifications"]?.lastReadId == "1970-01-01T00:00:00.000Z")
        try await harness.client.saveMarker(timeline: "notifications", lastReadId: "2026-01-01T00:00:00.000Z")
        let seen = try #require(harness.transport.requests.last)
        #expect(BlueskyHarness.method(seen) == "app.bsky.notification.updateSeen")
        #expect(try BlueskyHarness.body(seen) as? [String: String] == ["seenAt": "2026-01-01T00:00:00.000Z"])
    }

    @Test("the saved feeds come from the preferences, pinned first, named by their generators and lists")
    func savedFeedsFromPreferences() async throws {
        let harness = BlueskyHarness { request in
            switch BlueskyHarness.method(request) {
            case "app.bsky.actor.getPreferences":
                return .json(#"{"preferences": [{"$type": "app.bsky.actor.defs#savedFeedsPrefV2", "items": [{"id": "1", "type": "timeline", "value": "following", "pinned": true}, {"id": "2", "type": "list", "value": "at://did:plc:me/app.bsky.graph.list/l1", "pinned": false}, {"id": "3", "type": "feed", "value": "at://did:plc:f/app.bsky.feed.generator/cats", "pinned": true}]}]}"#)
            case "app.bsky.feed.getFeedGenerators":
                return .json(#"{"feeds": [{"uri": "at://did:plc:f/app.bsky.feed.generator/cats", "cid": "c", "did": "did:web:f", "creator": {"did": "did:plc:f", "handle": "f.test"}, "displayName": "Cats", "indexedAt": "2026-01-01T00:00:00Z"}]}"#)
            case "app.bsky.graph.getLists":
                return .json(#"{"lists": [{"uri": "at://did:plc:me/app.bsky.graph.list/l1", "cid": "c", "name": "Friends", "purpose": "app.bsky.graph.defs#curatelist", "creator": {"did": "did:plc:me", "handle": "me.bsky.social"}, "indexedAt": "2026-01-01T00:00:00Z"}]}"#)
            default: return .json("{}")
            }
        }
        let saved = try await harness.client.savedFeeds()
        #expect(saved == [
            BlueskyClient.SavedFeed(uri: "at://did:plc:f/app.bsky.feed.generator/cats", name: "Cats", isList: false, pinned: true),
            BlueskyClient.SavedFeed(uri: "at://did:plc:me/app.bsky.graph.list/l1", name: "Friends", isList: true, pinned: false),
        ])
    }

    @Test("the custom feeds are the saved feeds without the lists, read by getFeed: no request for the lists")
    func customFeedsWithoutLists() async throws {
        let harness = BlueskyHarness { request in
            switch BlueskyHarness.method(request) {
            case "app.bsky.actor.getPreferences":
                return .json(#"{"preferences": [{"$type": "app.bsky.actor.defs#savedFeedsPrefV2", "items": [{"id": "2", "type": "list", "value": "at://did:plc:me/app.bsky.graph.list/l1", "pinned": true}, {"id": "3", "type": "feed", "value": "at://did:plc:f/app.bsky.feed.generator/cats", "pinned": false}]}]}"#)
            case "app.bsky.feed.getFeedGenerators":
                return .json(#"{"feeds": [{"uri": "at://did:plc:f/app.bsky.feed.generator/cats", "cid": "c", "did": "did:web:f", "creator": {"did": "did:plc:f", "handle": "f.test"}, "displayName": "Cats", "indexedAt": "2026-01-01T00:00:00Z"}]}"#)
            case "app.bsky.feed.getFeed":
                return .json(#"{"feed": [], "cursor": "next"}"#)
            default: return .json(#"{"error": "InvalidRequest"}"#, status: 400)
            }
        }
        let feeds = try await harness.client.customFeeds()
        #expect(feeds == [CustomFeed(id: "at://did:plc:f/app.bsky.feed.generator/cats", name: "Cats")])
        #expect(!harness.transport.requests.contains { BlueskyHarness.method($0) == "app.bsky.graph.getLists" })
        let page = try await harness.client.timeline(.feed(id: feeds[0].id), page: PageRequest(limit: 30))
        #expect(page.older == PageRequest(cursor: "next", limit: 30))
        let read = try #require(harness.transport.requests.last)
        #expect(BlueskyHarness.method(read) == "app.bsky.feed.getFeed")
        #expect(read.url.query?.contains("feed=at") == true, "\(read.url)")
    }

    @Test("a 429 on a record write says the points ran out: the write waits for the points budget, not sent again at once")
    func writeRefusedForPointsWaits() async throws {
        let harness = BlueskyHarness(maxWait: .seconds(5)) { request in
            switch BlueskyHarness.method(request) {
            case "app.bsky.actor.getProfile": return .json(#"{"did": "did:plc:ana", "handle": "ana.test", "viewer": {}}"#)
            default:
                return .json(#"{"error": "RateLimitExceeded"}"#, status: 429, headers: [
                    ("RateLimit-Limit", "5000"), ("RateLimit-Remaining", "0"), ("RateLimit-Reset", "1767227400"), ("RateLimit-Policy", "5000;w=3600"),
                ])
            }
        }
        await #expect(throws: MicroblogError.rateLimited(resetAt: Date(timeIntervalSince1970: 1_767_227_400))) {
            try await harness.client.setFollowing(true, accountId: "did:plc:ana")
        }
        #expect(harness.transport.count(path: "/xrpc/com.atproto.repo.createRecord") == 1)
        #expect(await harness.writeBudget.snapshot().remaining == 0)
    }

    @Test("mentions, likes, reposts, quotes and search each call their own method; bookmarks on a server without them are not offered")
    func otherReadsByTheirCalls() async throws {
        let harness = BlueskyHarness { request in
            switch BlueskyHarness.method(request) {
            case "app.bsky.notification.listNotifications":
                return .json(#"{"notifications": [{"uri": "at://did:plc:ana/app.bsky.feed.post/m", "cid": "c", "author": {"did": "did:plc:ana", "handle": "ana.test"}, "reason": "mention", "record": {"text": "hi"}, "isRead": false, "indexedAt": "2026-01-01T00:00:00Z"}]}"#)
            case "app.bsky.feed.getPosts": return .json(#"{"posts": [\#(Self.post("m", text: "hi @me"))]}"#)
            case "app.bsky.feed.getLikes": return .json(#"{"uri": "u", "likes": [{"actor": {"did": "did:plc:bo", "handle": "bo.test"}, "createdAt": "2026-01-01T00:00:00Z", "indexedAt": "2026-01-01T00:00:00Z"}]}"#)
            case "app.bsky.feed.getRepostedBy": return .json(#"{"uri": "u", "repostedBy": [{"did": "did:plc:cy", "handle": "cy.test"}]}"#)
            case "app.bsky.feed.getQuotes", "app.bsky.feed.searchPosts": return .json(#"{"posts": [\#(Self.post("q", text: "quoting"))]}"#)
            case "app.bsky.actor.searchActors": return .json(#"{"actors": [{"did": "did:plc:di", "handle": "di.test"}]}"#)
            case "app.bsky.bookmark.getBookmarks": return .json(#"{"error": "MethodNotImplemented", "message": "Method Not Implemented"}"#, status: 501)
            default: return .json("{}", status: 404)
            }
        }
        let client = harness.client
        #expect(try await client.timeline(.mentions, page: .newest).items.map(\.content.source) == ["hi @me"])
        #expect(try await client.favouritedBy(postId: "u", page: .newest).items.map(\.acct) == ["bo.test"])
        #expect(try await client.boostedBy(postId: "u", page: .newest).items.map(\.acct) == ["cy.test"])
        #expect(try await client.quotes(postId: "u", page: .newest).items.map(\.content.source) == ["quoting"])
        let results = try await client.search("cats", limit: 10)
        #expect(results.accounts.map(\.acct) == ["di.test"])
        #expect(results.posts.map(\.content.source) == ["quoting"])
        await #expect(throws: MicroblogError.notSupported(feature: "app.bsky.bookmark.getBookmarks")) {
            try await client.timeline(.bookmarks, page: .newest)
        }
        #expect(harness.transport.requests.map(BlueskyHarness.method) == [
            "app.bsky.notification.listNotifications", "app.bsky.feed.getPosts", "app.bsky.feed.getLikes", "app.bsky.feed.getRepostedBy",
            "app.bsky.feed.getQuotes", "app.bsky.actor.searchActors", "app.bsky.feed.searchPosts", "app.bsky.bookmark.getBookmarks",
        ])
        #expect(BlueskyHarness.parameter(harness.transport.requests[0], "reasons") == "mention")
    }
}
