import Foundation
@testable import Bluesky
import MicroblogKit
import ServiceHTTP
import ServiceHTTPTesting
import Testing

@Suite("The user's own profile on Bluesky: a post just written names its author, the one pinned post")
struct OwnProfileTests {
    static let me = #"{"did": "did:plc:me", "handle": "me.bsky.social", "displayName": "Marta Puig", "postsCount": 3}"#
    static let myPost = #"{"posts": [{"uri": "at://did:plc:me/app.bsky.feed.post/3mine", "cid": "bafymine", "author": {"did": "did:plc:me", "handle": "me.bsky.social", "displayName": "Marta Puig"}, "record": {"text": "mine", "createdAt": "2026-01-01T00:00:00Z"}, "viewer": {}}]}"#

    @Test("a post just written is by the user's display name once the profile was read, not by the bare handle")
    func aPostJustWrittenNamesItsAuthorAsTheServerDoes() async throws {
        let harness = BlueskyHarness { request in
            switch BlueskyHarness.method(request) {
            case "app.bsky.actor.getProfile": return .json(Self.me)
            case "com.atproto.repo.createRecord": return .json(WritingTests.created)
            default: return .json(#"{"error": "NotFound"}"#, status: 404)
            }
        }
        #expect(try await harness.client.currentAccount().displayName == "Marta Puig")
        let post = try await harness.client.publish(NewPost(text: "Bon dia", idempotencyKey: "k1"))
        #expect(post.account.displayName == "Marta Puig")
        #expect(post.account.acct == "me.bsky.social")
    }

    @Test("pinning writes the profile record back whole, with pinnedPost, only over the version read; unpinning takes it out")
    func pinningWritesTheProfileRecordBackWhole() async throws {
        let stored = #"{"uri": "at://did:plc:me/app.bsky.actor.profile/self", "cid": "bafyprofile", "value": {"$type": "app.bsky.actor.profile", "displayName": "Marta Puig", "description": "Llibres", "avatar": {"$type": "blob", "ref": {"$link": "bafkavatar"}, "mimeType": "image/png", "size": 9}, "pronouns": "ella"}}"#
        let pinnedStored = #"{"uri": "at://did:plc:me/app.bsky.actor.profile/self", "cid": "bafyprofile2", "value": {"$type": "app.bsky.actor.profile", "displayName": "Marta Puig", "pinnedPost": {"uri": "at://did:plc:me/app.bsky.feed.post/3mine", "cid": "bafymine"}}}"#
        let pinned = LockedList<Bool>()
        let harness = BlueskyHarness { request in
            switch BlueskyHarness.method(request) {
            case "app.bsky.feed.getPosts": return .json(Self.myPost)
            case "com.atproto.repo.getRecord": return .json(pinned.all.isEmpty ? stored : pinnedStored)
            case "com.atproto.repo.putRecord":
                pinned.append(true)
                return .json(#"{"uri": "at://did:plc:me/app.bsky.actor.profile/self", "cid": "bafyprofile2"}"#)
            default: return .json(#"{"error": "NotFound"}"#, status: 404)
            }
        }
        let post = try await harness.client.setPinned(true, postId: "at://did:plc:me/app.bsky.feed.post/3mine")
        #expect(post.pinned == true)
        func lastPut() throws -> [String: Any] {
            try BlueskyHarness.body(try #require(harness.transport.requests.last { BlueskyHarness.method($0) == "com.atproto.repo.putRecord" }))
        }
        let put = try lastPut()
        #expect(put["collection"] as? String == "app.bsky.actor.profile")
        #expect(put["rkey"] as? String == "self")
        #expect(put["swapRecord"] as? String == "bafyprofile")
        let record = try #require(put["record"] as? [String: Any])
        #expect(record["description"] as? String == "Llibres")
        #expect(record["pronouns"] as? String == "ella")
        #expect(((record["avatar"] as? [String: Any])?["ref"] as? [String: String]) == ["$link": "bafkavatar"])
        #expect(record["pinnedPost"] as? [String: String] == ["uri": "at://did:plc:me/app.bsky.feed.post/3mine", "cid": "bafymine"])

        let unpinned = try await harness.client.setPinned(false, postId: "at://did:plc:me/app.bsky.feed.post/3mine")
        #expect(unpinned.pinned == false)
        let second = try lastPut()
        #expect(second["swapRecord"] as? String == "bafyprofile2")
        #expect((second["record"] as? [String: Any])?["pinnedPost"] == nil)
        #expect((second["record"] as? [String: Any])?["displayName"] as? String == "Marta Puig")
    }

    @Test("another's post cannot be pinned: nothing is written")
    func anothersPostIsNotPinned() async throws {
        let harness = BlueskyHarness { request in
            switch BlueskyHarness.method(request) {
            case "app.bsky.feed.getPosts": return .json(WritingTests.view("at://did:plc:ana/app.bsky.feed.post/3a", cid: "bafya"))
            default: return .json(#"{"error": "NotFound"}"#, status: 404)
            }
        }
        await #expect(throws: MicroblogError.notFound) {
            try await harness.client.setPinned(true, postId: "at://did:plc:ana/app.bsky.feed.post/3a")
        }
        #expect(harness.transport.count(path: "/xrpc/com.atproto.repo.putRecord") == 0)
    }
}
