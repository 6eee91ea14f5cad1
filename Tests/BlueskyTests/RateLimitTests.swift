import Foundation
@testable import Bluesky
import MicroblogKit
import ServiceHTTP
import ServiceHTTPTesting
import Testing

@Suite("Bluesky's rate-limit headers feed the budget")
struct BlueskyRateLimitTests {
    /// 2026-01-01T00:05:00Z in seconds since 1970, as Bluesky writes `RateLimit-Reset`.
    static let reset = "1767225900"

    @Test("RateLimit-Limit, -Remaining, -Reset (seconds since 1970) and -Policy reach the budget")
    func headersFeedTheBudget() async throws {
        let harness = BlueskyHarness { _ in
            .json(#"{"feed": []}"#, headers: [
                ("RateLimit-Limit", "3000"), ("RateLimit-Remaining", "2990"), ("RateLimit-Reset", Self.reset), ("RateLimit-Policy", "3000;w=300"),
            ])
        }
        _ = try await harness.client.timeline(.home, page: .newest)
        let snapshot = await harness.budget.snapshot()
        #expect(snapshot.limit == 3000)
        #expect(snapshot.remaining == 2990)
        #expect(snapshot.resetAt == Date(timeIntervalSince1970: 1_767_225_900))
    }

    @Test("a 429 RateLimitExceeded honours Retry-After: nothing more is sent, and the error says when the limit resets")
    func tooManyRequestsWaitsForRetryAfter() async throws {
        let harness = BlueskyHarness(maxWait: .seconds(5)) { _ in
            .json(#"{"error": "RateLimitExceeded", "message": "Rate Limit Exceeded"}"#, status: 429, headers: [("Retry-After", "120")])
        }
        await #expect(throws: MicroblogError.rateLimited(resetAt: BlueskyHarness.start.addingTimeInterval(120))) {
            try await harness.client.timeline(.home, page: .newest)
        }
        #expect(harness.transport.requests.count == 1)
        await #expect(throws: MicroblogError.rateLimited(resetAt: BlueskyHarness.start.addingTimeInterval(120))) {
            try await harness.client.timeline(.home, page: .newest)
        }
        #expect(harness.transport.requests.count == 1)
    }

    @Test("record writes spend Bluesky's points: a like 3, an unlike 1 (by the like's record), from 5,000 an hour")
    func writesSpendPoints() async throws {
        let likes = LockedList<String>()
        let harness = BlueskyHarness { request in
            switch BlueskyHarness.method(request) {
            case "app.bsky.feed.getPosts":
                let viewer = likes.all.last.map { #"{"like": "\#($0)"}"# } ?? "{}"
                return .json(#"{"posts": [{"uri": "at://did:plc:ana/app.bsky.feed.post/3k1", "cid": "bafy1", "author": {"did": "did:plc:ana", "handle": "ana.test"}, "record": {"text": "hi", "createdAt": "2026-01-01T00:00:00Z"}, "likeCount": \#(likes.all.count), "viewer": \#(viewer)}]}"#)
            case "com.atproto.repo.createRecord":
                likes.append("at://did:plc:me/app.bsky.feed.like/3lk")
                return .json(#"{"uri": "at://did:plc:me/app.bsky.feed.like/3lk", "cid": "bafylike"}"#)
            default: return .json("{}")
            }
        }
        let liked = try await harness.client.setFavourited(true, postId: "at://did:plc:ana/app.bsky.feed.post/3k1")
        #expect(liked.favourited && liked.favouritesCount == 1)
        let like = try BlueskyHarness.body(try #require(harness.transport.requests.last))
        #expect(like["collection"] as? String == "app.bsky.feed.like")
        #expect((like["record"] as? [String: Any])?["subject"] as? [String: String] == ["uri": "at://did:plc:ana/app.bsky.feed.post/3k1", "cid": "bafy1"])
        var snapshot = await harness.writeBudget.snapshot()
        #expect(snapshot.limit == 5000)
        #expect(snapshot.remaining == 4997)
        #expect(snapshot.resetAt == BlueskyHarness.start.addingTimeInterval(3600))
        let unliked = try await harness.client.setFavourited(false, postId: "at://did:plc:ana/app.bsky.feed.post/3k1")
        #expect(unliked.favourited == false)
        let deletion = try #require(harness.transport.requests.last)
        #expect(BlueskyHarness.method(deletion) == "com.atproto.repo.deleteRecord")
        #expect(try BlueskyHarness.body(deletion) as? [String: String] == ["repo": "did:plc:me", "collection": "app.bsky.feed.like", "rkey": "3lk"])
        snapshot = await harness.writeBudget.snapshot()
        #expect(snapshot.remaining == 4996)
        #expect(await harness.budget.snapshot().limit == nil)
    }

    @Test("a spent points budget refuses the write before sending it, saying when it resets")
    func spentPointsRefuseTheWrite() async throws {
        let harness = BlueskyHarness(maxWait: .seconds(1)) { request in
            BlueskyHarness.method(request) == "app.bsky.actor.getProfile"
                ? .json(#"{"did": "did:plc:ana", "handle": "ana.test", "viewer": {}}"#) : .json(#"{"uri": "at://x/y/z", "cid": "c"}"#)
        }
        let resetAt = BlueskyHarness.start.addingTimeInterval(1800)
        await harness.writeBudget.record(RateLimitHeaders(limit: 5000, remaining: 2, resetAt: resetAt), status: 200)
        await #expect(throws: MicroblogError.rateLimited(resetAt: resetAt)) {
            try await harness.client.setFollowing(true, accountId: "did:plc:ana")
        }
        #expect(harness.transport.paths.contains("/xrpc/com.atproto.repo.createRecord") == false)
    }
}
