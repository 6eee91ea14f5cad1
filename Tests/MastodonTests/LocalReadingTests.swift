import Foundation
import LocalInstance
@testable import Mastodon
import MicroblogKit
import Testing

/// Issue 16: what the local instance sends is what the Mastodon client reads — filters, quotes, edits,
/// cards and custom emoji become the models' fields; search pages by kind and offset as Mastodon does.
@Suite("Mastodon client reads the local instance's 4.5 shapes")
struct LocalReadingTests {
    @Test("home posts carry their filter, quote, edit date, card and custom emoji into the models")
    func modelsFromTheLocalInstance() async throws {
        try await withMastodon { h in
            let home = try await h.client.timeline(.home, page: PageRequest(limit: 40)).items
            let tide = try #require(home.first { $0.content.source.contains("«The Long Tide»") })
            #expect(tide.filterMatches == [FilterMatch(title: "The Long Tide", action: .warn)])
            let quoting = try #require(home.first { $0.content.source.contains("This, a hundred times") })
            #expect(quoting.quote?.state == .accepted)
            #expect(quoting.quote?.post?.value.account.acct == "lucia")
            let deleted = try #require(home.first { $0.content.source.contains("Hi estic d") })
            #expect(deleted.quote == Quote(state: .deleted))
            let bakery = try #require(home.first { $0.content.source.contains("festa dels vint anys") })
            #expect(bakery.editedAt != nil)
            #expect(bakery.emojis?.map(\.shortcode) == ["bread_loaf"])
            let espeak = try #require(home.first { $0.content.source.contains("free software") })
            #expect(espeak.card == LinkCard(
                url: "https://github.com/espeak-ng/espeak-ng", title: "espeak-ng/espeak-ng: eSpeak NG is an open source speech synthesizer",
                providerName: "GitHub"))
            let amara = try #require(home.first { $0.account.acct == "amara" })
            #expect(amara.account.emojis?.map(\.shortcode) == ["radio_on"])
        }
    }

    @Test("search pages one kind by offset: the next page is new, and a short page is the last")
    func searchPaging() async throws {
        try await withMastodon { h in
            let first = SearchRequest(query: "the", kind: .posts, limit: 5)
            let page1 = try await h.client.search(first)
            #expect(page1.posts.count == 5)
            #expect(h.transport.entries.last?.query == "q=the&resolve=true&limit=5&type=statuses")
            let second = try #require(first.next(after: page1, pageSize: 40))
            #expect(second == SearchRequest(query: "the", kind: .posts, offset: 5, limit: 5))
            let page2 = try await h.client.search(second)
            #expect(h.transport.entries.last?.query == "q=the&resolve=true&limit=5&type=statuses&offset=5")
            #expect(page2.posts.count == 5)
            #expect(Set(page1.posts.map(\.id)).isDisjoint(with: page2.posts.map(\.id)))
            // Hashtags starting "parla": one, so there is no next page.
            let tags = SearchRequest(query: "parla", kind: .hashtags, limit: 5)
            let found = try await h.client.search(tags)
            #expect(found.hashtags == ["parlatips"])
            #expect(tags.next(after: found, pageSize: 40) == nil)
        }
    }
}
