import Foundation
import LocalInstance
@testable import Mastodon
import MastodonAPI
import MicroblogKit
import ParlaBase
import Testing

@Suite("Mastodon client: actions over real HTTP")
struct ActionTests {
    @Test("post, reply, thread, boost, favourite, bookmark and their undoing")
    func postAndInteract() async throws {
        try await withMastodon { h in
            let post = try await h.client.publish(NewPost(text: "Hello from the Mastodon adapter", language: "en"))
            #expect(post.account.acct == "owner")
            #expect(post.content.source.contains("Hello from the Mastodon adapter"))
            let reply = try await h.client.publish(NewPost(text: "A reply", inReplyToId: post.id))
            #expect(reply.inReplyToId == post.id)
            let thread = try await h.client.thread(id: reply.id)
            #expect(thread.ancestors.map(\.id) == [post.id])
            #expect(thread.post.id == reply.id)
            let parentThread = try await h.client.thread(id: post.id)
            #expect(parentThread.descendants.map(\.id) == [reply.id])

            let tom = try await h.client.lookup(acct: "tom")
            let tomPosts = try await h.client.timeline(.user(accountId: tom.id), page: PageRequest(limit: 10))
            let tomPost = try #require(tomPosts.items.first { !$0.isBoost })
            let boosted = try await h.client.setBoosted(true, postId: tomPost.id)
            #expect(boosted.id == tomPost.id)
            #expect(boosted.reblogged)
            #expect(try await h.client.setBoosted(false, postId: tomPost.id).reblogged == false)
            #expect(try await h.client.setFavourited(true, postId: tomPost.id).favourited)
            #expect(try await h.client.setFavourited(false, postId: tomPost.id).favourited == false)
            #expect(try await h.client.setBookmarked(true, postId: tomPost.id).bookmarked)
            #expect(try await h.client.setBookmarked(false, postId: tomPost.id).bookmarked == false)

            try await h.client.delete(postId: reply.id)
            await #expect(throws: MicroblogError.notFound) { try await h.client.post(id: reply.id) }
        }
    }

    @Test("the same idempotency key twice makes one post")
    func idempotency() async throws {
        try await withMastodon { h in
            let new = NewPost(text: "Only once", idempotencyKey: "key-123")
            let first = try await h.client.publish(new)
            let second = try await h.client.publish(new)
            #expect(first.id == second.id)
            let home = try await h.client.timeline(.home, page: .newest)
            #expect(home.items.filter { $0.content.source.contains("Only once") }.count == 1)
            #expect(h.transport.count(API.Statuses.publish) == 2)
        }
    }

    @Test("follow and unfollow, and relationships of many accounts in one call")
    func followAndRelationships() async throws {
        try await withMastodon { h in
            let nora = try await h.client.lookup(acct: "nora")
            #expect(try await h.client.setFollowing(true, accountId: nora.id).following)
            #expect(try await h.client.relationships(accountIds: [nora.id]).first?.following == true)
            #expect(try await h.client.setFollowing(false, accountId: nora.id).following == false)

            let fans = try h.instance.seedFollowers(of: "owner", count: 45)
            h.transport.reset()
            let relationships = try await h.client.relationships(accountIds: fans + [fans[0]])
            #expect(relationships.count == 45)
            #expect(relationships.allSatisfy { $0.followedBy && !$0.following })
            #expect(h.transport.count(API.Accounts.relationships) == 2)
            let page = try await h.client.followers(accountId: try await h.client.currentAccount().id, page: .newest)
            #expect(page.items.count == 50)
            let rest = try await h.client.followers(accountId: try await h.client.currentAccount().id, page: try #require(page.older))
            #expect(rest.items.isEmpty)
            #expect(rest.older == nil)
        }
    }

    @Test("a poll is read and voted in")
    func pollVote() async throws {
        try await withMastodon { h in
            let posts = try await readAll(h.client, .federated, limit: nil).posts
            let poll = try #require(posts.compactMap(\.poll).first { $0.voted == false && !$0.expired })
            let voted = try await h.client.vote(pollId: poll.id, choices: [0])
            #expect(voted.voted == true)
            #expect(voted.ownVotes == [0])
            #expect(voted.votesCount == poll.votesCount + 1)
            #expect(try await h.client.poll(id: poll.id).ownVotes == [0])
        }
    }

    @Test("markers are saved and read back; the instance's limits come from v2")
    func markersAndInstance() async throws {
        try await withMastodon { h in
            try await h.client.saveMarker(timeline: "home", lastReadId: "123")
            let markers = try await h.client.markers()
            #expect(markers["home"]?.lastReadId == "123")
            let info = try await h.client.instance()
            #expect(info.maxCharacters == 500)
            #expect(info.maxPollOptions == 4)
            #expect(info.version == "4.3.0 (compatible; Parla local instance)")
            #expect(info.streamingURL == h.instance.baseURL.replacingOccurrences(of: "http", with: "ws"))
            let results = try await h.client.search("tom", limit: 5)
            #expect(results.accounts.contains { $0.acct == "tom" })
        }
    }

    @Test("instance falls back to v1 when v2 is missing")
    func instanceFallback() async throws {
        let transport = FixtureTransport { request in
            if request.url.path == API.Misc.instance.path { return HTTPResponse(status: 404, body: Data(#"{"error":"Not found"}"#.utf8)) }
            return .json(#"{"uri":"old.example","title":"Old","version":"3.5.3","max_toot_chars":1000,"urls":{"streaming_api":"wss://old.example"}}"#)
        }
        let info = try await transport.client().instance()
        #expect(info == InstanceInfo(domain: "old.example", title: "Old", version: "3.5.3", maxCharacters: 1000, streamingURL: "wss://old.example"))
    }
}

@Suite("Mastodon client: lists, notifications and who reacted")
struct MoreEndpointTests {
    @Test("a list is created, filled, renamed, read and deleted")
    func lists() async throws {
        try await withMastodon { h in
            let list = try await h.client.createList(title: "Friends")
            #expect(list.title == "Friends")
            let marta = try await h.client.lookup(acct: "marta")
            try await h.client.setListMembership(true, listId: list.id, accountIds: [marta.id])
            #expect(try await h.client.listAccounts(id: list.id).map(\.acct) == ["marta"])
            #expect(try await h.client.lists(containing: marta.id).map(\.id).contains(list.id))
            #expect(try await h.client.renameList(id: list.id, title: "Close friends").title == "Close friends")
            try await h.client.setListMembership(false, listId: list.id, accountIds: [marta.id])
            #expect(try await h.client.listAccounts(id: list.id).isEmpty)
            try await h.client.deleteList(id: list.id)
            #expect(try await h.client.lists().contains { $0.id == list.id } == false)
        }
    }

    @Test("notifications are read one by one, dismissed and cleared; reactions and account search")
    func notificationsAndReactions() async throws {
        try await withMastodon { h in
            let page = try await h.client.notifications(page: .newest, kinds: nil)
            let first = try #require(page.items.first)
            #expect(try await h.client.notification(id: first.id).id == first.id)
            try await h.client.dismissNotification(id: first.id)
            await #expect(throws: MicroblogError.notFound) { _ = try await h.client.notification(id: first.id) }
            try await h.client.clearNotifications()
            #expect(try await h.client.notifications(page: .newest, kinds: nil).items.isEmpty)

            let post = try await h.client.publish(NewPost(text: "Like me"))
            _ = try await h.client.setFavourited(true, postId: post.id)
            _ = try await h.client.setBoosted(true, postId: post.id)
            #expect(try await h.client.favouritedBy(postId: post.id, page: .newest).items.map(\.acct) == ["owner"])
            #expect(try await h.client.boostedBy(postId: post.id, page: .newest).items.map(\.acct) == ["owner"])
            #expect(try await h.client.searchAccounts("mar").contains { $0.acct == "marta" })
        }
    }
}
