import Foundation
@testable import Bluesky
import MicroblogKit
import ServiceHTTP
import Testing

@Suite("What a post carries: link cards, video with alt, quotes that cannot be shown, accounts and their counts")
struct EmbedReadingTests {
    func post(embed: String) throws -> Post {
        let json = #"{"uri": "at://did:plc:ana/app.bsky.feed.post/3p", "cid": "bafyp", "author": {"did": "did:plc:ana", "handle": "ana.test"}, "record": {"text": "see", "langs": ["ca", "es"]}, "embed": \#(embed), "indexedAt": "2026-01-01T00:00:00Z"}"#
        return try XRPCJSON.decode(Lexicon.PostView.self, from: Data(json.utf8)).post(ViewerRecords())
    }

    @Test("an external link is a card with its title and site; the first of langs is the post's language")
    func externalLinkCard() throws {
        let post = try post(embed: #"{"$type": "app.bsky.embed.external#view", "external": {"uri": "https://news.example/a", "title": "A story", "description": "More"}}"#)
        #expect(post.card == LinkCard(url: "https://news.example/a", title: "A story", providerName: "news.example"))
        #expect(post.language == "ca")
    }

    @Test("a video is media with its alt text")
    func videoWithAlt() throws {
        let post = try post(embed: #"{"$type": "app.bsky.embed.video#view", "cid": "bafyv", "playlist": "https://video.bsky.app/watch/v/playlist.m3u8", "alt": "A cat jumps"}"#)
        #expect(post.media == [MediaAttachment(id: "bafyv", kind: .video, url: "https://video.bsky.app/watch/v/playlist.m3u8", description: "A cat jumps")])
    }

    @Test("a video's aspect ratio is its width and height; one of the wrong shape is left out, the video kept")
    func videoAspectRatioIsItsProportions() throws {
        let post = try post(embed: #"{"$type": "app.bsky.embed.video#view", "cid": "bafyv", "playlist": "https://video.bsky.app/watch/v/playlist.m3u8", "thumbnail": "https://video.bsky.app/watch/v/thumbnail.jpg", "alt": "A cat jumps", "aspectRatio": {"width": 1920, "height": 1080}}"#)
        #expect(post.media == [MediaAttachment(id: "bafyv", kind: .video, url: "https://video.bsky.app/watch/v/playlist.m3u8", description: "A cat jumps",
                                               width: 1920, height: 1080)])
        let odd = try self.post(embed: #"{"$type": "app.bsky.embed.video#view", "cid": "bafyv", "playlist": "https://video.bsky.app/p.m3u8", "aspectRatio": {"width": "wide", "height": -3}}"#)
        #expect(odd.media == [MediaAttachment(id: "bafyv", kind: .video, url: "https://video.bsky.app/p.m3u8")])
    }

    @Test("a quoted post deleted, blocked or detached is said as such")
    func quotesThatCannotBeShown() throws {
        func quote(_ type: String) throws -> QuoteState? {
            try post(embed: #"{"$type": "app.bsky.embed.record#view", "record": {"$type": "app.bsky.embed.record#\#(type)", "uri": "at://did:plc:x/app.bsky.feed.post/q", "\#(type == "viewNotFound" ? "notFound" : type == "viewBlocked" ? "blocked" : "detached")": true, "author": {"did": "did:plc:x"}}}"#).quote?.state
        }
        #expect(try quote("viewNotFound") == .deleted)
        #expect(try quote("viewBlocked") == .blockedAccount)
        #expect(try quote("viewDetached") == .revoked)
    }

    @Test("a profile is an account with the server's counts, and the relationship its viewer tells")
    func profileWithCountsAndRelationship() throws {
        let json = #"{"did": "did:plc:ana", "handle": "ana.test", "displayName": "Ana", "description": "Hi <3\nBye", "followersCount": 12, "followsCount": 3, "postsCount": 40, "viewer": {"following": "at://did:plc:me/app.bsky.graph.follow/1", "followedBy": "at://did:plc:ana/app.bsky.graph.follow/2", "muted": false}}"#
        let profile = try XRPCJSON.decode(Lexicon.Profile.self, from: Data(json.utf8))
        let account = profile.account
        #expect(account.id == "did:plc:ana")
        #expect(account.acct == "ana.test")
        #expect(account.displayName == "Ana")
        #expect(account.note == RichText([.text("Hi <3"), .lineBreak, .text("Bye")]))
        #expect([account.followersCount, account.followingCount, account.postsCount] as [Int] == [12, 3, 40])
        #expect(account.url == "https://bsky.app/profile/ana.test")
        #expect(profile.relationship == Relationship(id: "did:plc:ana", following: true, followedBy: true))
    }

    @Test("an answer that does not read as its lexicon says is a malformed answer, not a crash")
    func malformedAnswer() {
        #expect(throws: MicroblogError.malformedResponse(detail: "missing feed at ")) {
            try XRPCJSON.decode(Lexicon.FeedPage.self, from: Data(#"{"cursor": "x"}"#.utf8))
        }
    }
}
