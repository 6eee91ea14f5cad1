import Foundation
@testable import Bluesky
import MicroblogKit
import ServiceHTTP
import ServiceHTTPTesting
import Testing

@Suite("Writing to Bluesky: posts with facets, replies, quotes, images, records undone, messages")
struct WritingTests {
    /// A post view of `uri`, replying in a thread whose root is `root` when given.
    static func view(_ uri: String, cid: String, root: String? = nil) -> String {
        let reply = root.map { #", "reply": {"root": {"uri": "\#($0)", "cid": "bafyroot"}, "parent": {"uri": "\#($0)", "cid": "bafyroot"}}"# } ?? ""
        return #"{"posts": [{"uri": "\#(uri)", "cid": "\#(cid)", "author": {"did": "did:plc:ana", "handle": "ana.test"}, "record": {"text": "hi", "createdAt": "2026-01-01T00:00:00Z"\#(reply)}, "viewer": {}}]}"#
    }

    static let created = #"{"uri": "at://did:plc:me/app.bsky.feed.post/3new", "cid": "bafynew"}"#

    /// The record a createRecord request wrote.
    static func record(_ request: HTTPRequest?) throws -> [String: Any] {
        let request = try #require(request)
        return try #require(try BlueskyHarness.body(request)["record"] as? [String: Any])
    }

    @Test("a post's mention after ñ and an emoji gets its DID on the right bytes, with its link and tag, its language and a reply's root and parent")
    func postWithFacetsAndReply() async throws {
        let harness = BlueskyHarness { request in
            switch BlueskyHarness.method(request) {
            case "com.atproto.identity.resolveHandle":
                return BlueskyHarness.parameter(request, "handle") == "ana.bsky.social"
                    ? .json(#"{"did": "did:plc:ana"}"#) : .json(#"{"error": "InvalidRequest", "message": "Unable to resolve handle"}"#, status: 400)
            case "app.bsky.feed.getPosts": return .json(Self.view("at://did:plc:ana/app.bsky.feed.post/3parent", cid: "bafyparent", root: "at://did:plc:bo/app.bsky.feed.post/3root"))
            case "com.atproto.repo.createRecord": return .json(Self.created)
            default: return .json(#"{"error": "NotFound"}"#, status: 404)
            }
        }
        let text = RichTextTests.text + " @nobody.example"
        let post = try await harness.client.publish(NewPost(
            text: text, language: "es", inReplyToId: "at://did:plc:ana/app.bsky.feed.post/3parent", idempotencyKey: "k1"))
        #expect(post.id == "at://did:plc:me/app.bsky.feed.post/3new")
        #expect(post.account.acct == "me.bsky.social")
        #expect(post.language == "es")
        let record = try Self.record(harness.transport.requests.last)
        #expect(record["$type"] as? String == "app.bsky.feed.post")
        #expect(record["text"] as? String == text)
        #expect(record["langs"] as? [String] == ["es"])
        let facets = try #require(record["facets"] as? [[String: Any]])
        #expect(facets.map { $0["index"] as? [String: Int] } == [
            ["byteStart": 22, "byteEnd": 38], ["byteStart": 44, "byteEnd": 69], ["byteStart": 71, "byteEnd": 77],
        ])
        #expect(facets.map { ($0["features"] as? [[String: String]])?.first } == [
            ["$type": "app.bsky.richtext.facet#mention", "did": "did:plc:ana"],
            ["$type": "app.bsky.richtext.facet#link", "uri": "https://example.com/a_(b)"],
            ["$type": "app.bsky.richtext.facet#tag", "tag": "Parla"],
        ])
        let reply = try #require(record["reply"] as? [String: [String: String]])
        #expect(reply["root"] == ["uri": "at://did:plc:bo/app.bsky.feed.post/3root", "cid": "bafyroot"])
        #expect(reply["parent"] == ["uri": "at://did:plc:ana/app.bsky.feed.post/3parent", "cid": "bafyparent"])
        #expect(harness.transport.count(path: "/xrpc/com.atproto.identity.resolveHandle") == 2)
    }

    @Test("a quote with an image: the blob uploaded, then recordWithMedia with the image's alt")
    func quoteWithImage() async throws {
        let harness = BlueskyHarness { request in
            switch BlueskyHarness.method(request) {
            case "com.atproto.repo.uploadBlob":
                return .json(#"{"blob": {"$type": "blob", "ref": {"$link": "bafkimg"}, "mimeType": "image/png", "size": 3}}"#)
            case "app.bsky.feed.getPosts": return .json(Self.view("at://did:plc:ana/app.bsky.feed.post/3q", cid: "bafyq"))
            case "com.atproto.repo.createRecord": return .json(Self.created)
            default: return .json(#"{"error": "NotFound"}"#, status: 404)
            }
        }
        let upload = try await harness.client.uploadMedia(MediaFile(data: Data([1, 2, 3]), fileName: "a.png", mimeType: "image/png", description: "A red square"))
        #expect(upload.id == "bafkimg")
        let uploadRequest = try #require(harness.transport.requests.first)
        #expect(uploadRequest.header("Content-Type") == "image/png")
        #expect(uploadRequest.body == Data([1, 2, 3]))
        var quoting = NewPost(text: "look", idempotencyKey: "k2")
        quoting.attachments = [NewAttachment(path: "a.png", description: "A red square", mediaId: "bafkimg")]
        let post = try await harness.client.publish(quoting, quoting: "at://did:plc:ana/app.bsky.feed.post/3q")
        #expect(post.quote?.post?.value.id == "at://did:plc:ana/app.bsky.feed.post/3q")
        #expect(post.media.map(\.description) == ["A red square"])
        let embed = try #require(try Self.record(harness.transport.requests.last)["embed"] as? [String: Any])
        #expect(embed["$type"] as? String == "app.bsky.embed.recordWithMedia")
        #expect((embed["record"] as? [String: Any])?["record"] as? [String: String] == ["uri": "at://did:plc:ana/app.bsky.feed.post/3q", "cid": "bafyq"])
        let images = try #require((embed["media"] as? [String: Any])?["images"] as? [[String: Any]])
        #expect(images.map { $0["alt"] as? String } == ["A red square"])
        #expect((images.first?["image"] as? [String: Any])?["ref"] as? [String: String] == ["$link": "bafkimg"])
    }

    @Test("an image without alt text, or too large, is refused before it is sent")
    func imagesNeedAltAndSize() async throws {
        let harness = BlueskyHarness { _ in .json("{}") }
        await #expect(throws: MicroblogError.notSupported(feature: "images-without-alt-text")) {
            try await harness.client.uploadMedia(MediaFile(data: Data([1]), fileName: "a.png", mimeType: "image/png", description: " "))
        }
        await #expect(throws: MicroblogError.self) {
            try await harness.client.uploadMedia(MediaFile(data: Data(count: 1_000_001), fileName: "a.png", mimeType: "image/png", description: "big"))
        }
        #expect(harness.transport.requests.isEmpty)
    }

    @Test("what Bluesky lacks is said as not offered and nothing is sent: polls, editing, scheduling, filters, a post over 300 graphemes")
    func lackingCallsAreNotSupported() async throws {
        let harness = BlueskyHarness { _ in .json("{}") }
        let client = harness.client
        await #expect(throws: MicroblogError.notSupported(feature: "polls")) {
            try await client.publish(NewPost(text: "which?", pollOptions: ["a", "b"], idempotencyKey: "k"))
        }
        await #expect(throws: MicroblogError.notSupported(feature: "edit")) {
            try await client.edit(postId: "at://x", text: "", spoilerText: "", language: nil, mediaDescriptions: [:])
        }
        await #expect(throws: MicroblogError.notSupported(feature: "scheduling")) { try await client.scheduledPosts() }
        await #expect(throws: MicroblogError.notSupported(feature: "keyword-filters")) { try await client.filters() }
        await #expect(throws: MicroblogError.notSupported(feature: "streaming")) { try await client.stream(.user) }
        await #expect(throws: MicroblogError.rejected(status: 400, message: "Record/text must not be longer than 300 graphemes")) {
            try await client.publish(NewPost(text: String(repeating: "ñ", count: 301), idempotencyKey: "k"))
        }
        #expect(harness.transport.requests.isEmpty)
    }

    @Test("unfollow deletes the follow record the profile's view names; follow writes one")
    func followByRecord() async throws {
        let harness = BlueskyHarness { request in
            switch BlueskyHarness.method(request) {
            case "app.bsky.actor.getProfile":
                return .json(#"{"did": "did:plc:ana", "handle": "ana.test", "viewer": {"following": "at://did:plc:me/app.bsky.graph.follow/3f1"}}"#)
            default: return .json("{}")
            }
        }
        let relationship = try await harness.client.setFollowing(false, accountId: "ana.test")
        #expect(relationship.following == false)
        let deletion = try #require(harness.transport.requests.last)
        #expect(try BlueskyHarness.body(deletion) as? [String: String]
            == ["repo": "did:plc:me", "collection": "app.bsky.graph.follow", "rkey": "3f1"])
    }

    @Test("direct messages go to the chat service through the atproto-proxy header")
    func chatThroughProxy() async throws {
        let harness = BlueskyHarness { request in
            switch BlueskyHarness.method(request) {
            case "chat.bsky.convo.listConvos":
                return .json(#"{"convos": [{"id": "c1", "rev": "1", "members": [{"did": "did:plc:me", "handle": "me.bsky.social"}, {"did": "did:plc:ana", "handle": "ana.test"}], "lastMessage": {"$type": "chat.bsky.convo.defs#messageView", "id": "m1", "rev": "1", "text": "hola & bye", "sender": {"did": "did:plc:ana"}, "sentAt": "2026-01-01T00:00:00.000Z"}, "muted": false, "unreadCount": 1}]}"#)
            case "chat.bsky.convo.sendMessage":
                return .json(#"{"id": "m2", "rev": "2", "text": "hi", "sender": {"did": "did:plc:me"}, "sentAt": "2026-01-01T00:01:00.000Z"}"#)
            default: return .json(#"{"error": "NotFound"}"#, status: 404)
            }
        }
        let conversations = try await harness.client.conversations(page: .newest)
        #expect(conversations.items.map(\.id) == ["c1"])
        #expect(conversations.items.first?.members.map(\.acct) == ["me.bsky.social", "ana.test"])
        #expect(conversations.items.first?.lastMessage?.content == RichText([.text("hola & bye")]))
        #expect(conversations.items.first?.unreadCount == 1)
        let sent = try await harness.client.sendMessage("hi", conversationId: "c1")
        #expect(sent.id == "m2")
        #expect(harness.transport.requests.map { $0.header("atproto-proxy") } == ["did:web:api.bsky.chat#bsky_chat", "did:web:api.bsky.chat#bsky_chat"])
        let sending = try #require(harness.transport.requests.last)
        #expect(try BlueskyHarness.body(sending)["convoId"] as? String == "c1")
    }
}
