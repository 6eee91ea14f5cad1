import Foundation
import LocalInstance
@testable import Mastodon
import MicroblogKit
import ParlaBase
import Testing

/// Reads a timeline from newest to oldest through the Link headers.
func readAll(_ client: MastodonClient, _ kind: TimelineKind, limit: Int?) async throws -> (posts: [Post], pages: Int) {
    var posts: [Post] = []
    var request = PageRequest(limit: limit)
    var pages = 0
    while pages < 100 {
        let page = try await client.timeline(kind, page: request)
        pages += 1
        posts += page.items
        guard let older = page.older, !page.items.isEmpty else { break }
        request = older
        request.limit = limit
    }
    return (posts, pages)
}

@Suite("Mastodon client: timelines over real HTTP")
struct TimelineTests {
    @Test("home is read across pages through Link headers, without duplicates, to the last page")
    func homeAcrossPages() async throws {
        try await withMastodon { h in
            let seeded = try h.instance.seedPosts(count: 95, author: "tom", text: "Paging check")
            let big = try await readAll(h.client, .home, limit: nil)
            let small = try await readAll(h.client, .home, limit: 7)
            #expect(Set(big.posts.map(\.id)).count == big.posts.count)
            #expect(big.posts.map(\.id) == small.posts.map(\.id))
            #expect(Set(seeded).isSubset(of: Set(big.posts.map(\.id))))
            // Mastodon links a next page even from the last one; the empty page ends the walk.
            #expect(big.pages == (big.posts.count + 39) / 40 + 1)
            let ids = big.posts.compactMap { Int($0.id) }
            #expect(ids == ids.sorted(by: >))
            // The largest page is asked when the request names no limit.
            #expect(h.transport.entries.first?.query == "limit=40")
        }
    }

    @Test("public, local and federated timelines page the same way")
    func publicTimelines() async throws {
        try await withMastodon { h in
            let federated = try await readAll(h.client, .federated, limit: nil)
            let local = try await readAll(h.client, .local, limit: 13)
            #expect(federated.posts.count > 80)
            #expect(Set(federated.posts.map(\.id)).count == federated.posts.count)
            #expect(local.posts.map(\.id) == federated.posts.map(\.id))
            #expect(h.transport.entries.contains { $0.query?.contains("local=true") == true })
        }
    }

    @Test("mentions, direct messages, bookmarks, favourites, a user's posts and a hashtag")
    func otherTimelines() async throws {
        try await withMastodon { h in
            let mentions = try await h.client.timeline(.mentions, page: .newest)
            #expect(!mentions.items.isEmpty)
            #expect(mentions.items.allSatisfy { $0.mentions.contains { $0.acct == "owner" } || $0.content.source.contains("owner") })
            #expect(h.transport.entries.last?.query == "limit=80&types%5B%5D=mention")
            let direct = try await h.client.timeline(.direct, page: .newest)
            #expect(!direct.items.isEmpty)
            #expect(direct.items.allSatisfy { $0.visibility == .direct })
            let bookmarks = try await h.client.timeline(.bookmarks, page: .newest)
            #expect(bookmarks.items.count == 4)
            let tom = try await h.client.lookup(acct: "tom")
            let tomPosts = try await h.client.timeline(.user(accountId: tom.id), page: PageRequest(limit: 5))
            #expect(tomPosts.items.count == 5)
            #expect(tomPosts.items.allSatisfy { $0.account.acct == "tom" || $0.isBoost })
            _ = try await h.client.timeline(.favourites, page: .newest)
            let tagged = try await h.client.timeline(.hashtag("accessibility"), page: .newest)
            #expect(tagged.items.allSatisfy { $0.tags.contains("accessibility") })
            let lists = try await h.client.lists()
            #expect(!lists.isEmpty)
            _ = try await h.client.timeline(.list(id: lists[0].id), page: .newest)
        }
    }

    @Test("notifications of chosen kinds")
    func notificationsByKind() async throws {
        try await withMastodon { h in
            let all = try await h.client.notifications(page: .newest, kinds: nil)
            #expect(Set(all.items.map(\.kind)).count > 1)
            let follows = try await h.client.notifications(page: .newest, kinds: [.follow])
            #expect(!follows.items.isEmpty)
            #expect(follows.items.allSatisfy { $0.kind == .follow })
        }
    }
}
