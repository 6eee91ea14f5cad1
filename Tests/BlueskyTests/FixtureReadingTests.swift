import Foundation
@testable import Bluesky
import MicroblogKit
import ServiceHTTP
import Testing

/// What Bluesky sends, read into Parla's models: a thread captured from the live network by the atproto
/// SDK's tests, and pages from the AppView's own test snapshots (placeholders filled with real forms).
@Suite("Real Bluesky answers read into posts and notifications")
struct FixtureReadingTests {
    func decode<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        try XRPCJSON.decode(T.self, from: Data(try BlueskyHarness.fixture(name).utf8))
    }

    @Test("a captured thread: an image without alt, a quote, the post's language, in order")
    func threadWithImagesAndQuote() throws {
        let answer = try decode(Lexicon.ThreadAnswer.self, "thread-images-quote.json")
        let thread = try Lexicon.thread(answer.thread, records: ViewerRecords())
        #expect(thread.ancestors.isEmpty)
        #expect(thread.descendants.isEmpty)
        let post = thread.post
        #expect(post.id == "at://did:plc:kvwvcn5iqfooopmyzvb4qzba/app.bsky.feed.post/3kaheyt6vpc22")
        #expect(post.account.acct == "test.marshal.dev")
        #expect(post.account.id == "did:plc:kvwvcn5iqfooopmyzvb4qzba")
        #expect(post.account.displayName == "Python SDK")
        #expect(post.url == "https://bsky.app/profile/test.marshal.dev/post/3kaheyt6vpc22")
        #expect(post.language == "en")
        #expect(post.content == .empty)
        #expect(abs(post.createdAt.timeIntervalSince1970 - 1_695_905_376.735) < 0.0005)
        #expect(post.media.count == 1)
        #expect(post.media.first?.kind == .image)
        #expect(post.media.first?.description == nil)
        #expect(post.media.first?.hasDescription == false)
        #expect(post.quote?.state == .accepted)
        let quoted = try #require(post.quote?.post?.value)
        #expect(quoted.id == "at://did:plc:kvwvcn5iqfooopmyzvb4qzba/app.bsky.feed.post/3kahesw26il2z")
        #expect(quoted.content == .plain("test"))
        #expect(quoted.language == "en")
    }

    @Test("a timeline page: reposts as boosts with who reposted, reply context, a mention, images with alt, a like")
    func timelinePage() throws {
        let page = try decode(Lexicon.FeedPage.self, "timeline.json")
        #expect(page.cursor == "1970-01-01T00:00:00.000Z::bafyreisnapcid0042")
        let records = ViewerRecords()
        let posts = page.feed.map { $0.post(records) }
        #expect(posts.count == 5)

        let repost = posts[0]
        #expect(repost.isBoost)
        #expect(repost.id == "at://did:plc:snapuser90aaaaaaaaaaaaaa/app.bsky.feed.post/3snaprec00005")
        #expect(repost.account.acct == "dan.test")
        #expect(repost.shown.account.acct == "alice.test")
        #expect(repost.shown.content == .plain("thanks bob"))
        #expect(repost.shown.inReplyToId != nil)
        #expect(repost.shown.inReplyToAccountId == page.feed[0].reply?.parent.post?.author.did)
        #expect(repost.shown.reblogsCount == 1)

        let mention = posts[1].shown
        #expect(mention.content == RichText([.mention(name: "alice.bluesky.xyz", url: "https://bsky.app/profile/did:plc:snapuser00aaaaaaaaaaaaaa"), .text(" is the best")]))
        #expect(mention.mentions == [Mention(id: "did:plc:snapuser00aaaaaaaaaaaaaa", username: "alice.bluesky.xyz", acct: "alice.bluesky.xyz", url: "https://bsky.app/profile/did:plc:snapuser00aaaaaaaaaaaaaa")])
        #expect(mention.quote?.state == .accepted)
        #expect(mention.quote?.post?.value.account.acct == "carol.test")

        let images = posts[2]
        #expect(images.media.map(\.description) == ["../dev-env/assets/key-landscape-small.jpg"])
        #expect(images.media.first?.url == "https://bsky.public.url/img/feed_fullsize/plain/did:plc:snapuser04aaaaaaaaaaaaaa/bafyreisnapcid0006")
        #expect(images.sensitive == false)
        #expect(images.filtered == nil)

        let withMedia = posts[3]
        #expect(withMedia.media.map(\.description) == ["../dev-env/assets/key-landscape-small.jpg", "../dev-env/assets/key-alt.jpg"])
        #expect(withMedia.quote != nil)
        #expect(withMedia.favourited)
        #expect(withMedia.favouritesCount == 2)
        #expect(records.post(withMedia.id)?.like == "at://did:plc:snapuser90aaaaaaaaaaaaaa/app.bsky.feed.post/3snaprec00019")

        #expect(posts[4].content == .plain("hey there"))
        #expect(posts[4].sensitive == false)
    }

    @Test("a list feed page: three posts and the cursor to the next")
    func listFeedPage() throws {
        let page = try decode(Lexicon.FeedPage.self, "list-feed.json")
        let posts = page.feed.map { $0.post(ViewerRecords()) }
        #expect(posts.map(\.content.source) == ["thanks bob", "hear that label_me label_me_2", "yoohoo label_me"])
        #expect(posts.map(\.account.acct) == ["alice.test", "bob.test", "alice.test"])
        #expect(page.cursor == "1970-01-01T00:00:00.000Z::bafyreisnapcid0077")
    }

    @Test("notifications: every reason a kind, likes of one post and follows grouped as Mastodon's are")
    func notificationsGrouped() throws {
        let page = try decode(Lexicon.NotificationsPage.self, "notifications.json")
        #expect(page.notifications.map(\.reason) == ["repost", "mention", "like", "follow", "reply", "like", "follow", "like"])
        let plain = page.notifications.map { $0.notification(posts: [:]) }
        #expect(plain.map(\.kind) == [.reblog, .mention, .favourite, .follow, .mention, .favourite, .follow, .favourite])
        #expect(page.notifications.map(\.postURI) == [
            "at://did:plc:snapuser90aaaaaaaaaaaaaa/app.bsky.feed.post/3snaprec00002",
            page.notifications[1].uri,
            "at://did:plc:snapuser90aaaaaaaaaaaaaa/app.bsky.feed.post/3snaprec00004",
            nil,
            page.notifications[4].uri,
            "at://did:plc:snapuser90aaaaaaaaaaaaaa/app.bsky.feed.post/3snaprec00004",
            nil,
            "at://did:plc:snapuser90aaaaaaaaaaaaaa/app.bsky.feed.post/3snaprec00004",
        ])
        let liked = Post(
            id: "at://did:plc:snapuser90aaaaaaaaaaaaaa/app.bsky.feed.post/3snaprec00004", createdAt: Date(timeIntervalSince1970: 0),
            account: Account(id: "did:plc:me", acct: "me.test", username: "me.test"), content: .plain("hi"))
        let grouped = NotificationGrouping.grouped(page.notifications.map { $0.notification(posts: [liked.id: liked]) })
        #expect(grouped.map(\.kind) == [.reblog, .mention, .favourite, .follow, .mention])
        #expect(grouped[2].group?.count == 3)
        #expect(grouped[2].group?.accounts.map(\.acct) == ["dan.test", "carol.test", "bob.test"])
        #expect(grouped[3].group?.accounts.map(\.acct) == ["carol.test", "bob.test"])
        #expect(page.seenAt == "1970-01-01T00:00:00.000Z")
    }

    @Test("every notification reason is a kind: likes favourites, reposts boosts, replies mentions")
    func everyReasonHasAKind() {
        let reasons = ["like", "repost", "follow", "mention", "reply", "quote", "like-via-repost", "repost-via-repost", "subscribed-post",
                       "starterpack-joined"]
        #expect(reasons.map(Lexicon.notificationKind) == [
            .favourite, .reblog, .follow, .mention, .mention, .quote, .favourite, .reblog, .status, .unknown("starterpack-joined"),
        ])
    }
}
