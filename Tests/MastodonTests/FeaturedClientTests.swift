import Foundation
import LocalInstance
@testable import Mastodon
import MicroblogKit
import Testing
import TestSupport

@Suite("Featured hashtags, the posts sharing a link, and who boosted or favourited, through the client")
struct FeaturedClientTests {
    @Test("a hashtag featured is listed with the user's posts with it, and unfeatured by its id")
    func featuredHashtags() async throws {
        try await withMastodon { h in
            #expect(try await h.client.featuredHashtags().isEmpty)
            _ = try await h.client.publish(NewPost(text: "Two herons #birds"))
            let featured = try await h.client.featureHashtag(name: "#birds")
            #expect(featured.name == "birds" && featured.posts == 1)
            #expect(try await h.client.featureHashtag(name: "birds").id == featured.id)
            #expect(try await h.client.featuredHashtags() == [featured])
            try await h.client.unfeatureHashtag(id: featured.id)
            #expect(try await h.client.featuredHashtags().isEmpty)
            await #expect(throws: MicroblogError.notFound) { try await h.client.unfeatureHashtag(id: featured.id) }
        }
    }

    @Test("the link timeline holds the public posts with the address, and nothing else")
    func linkTimeline() async throws {
        try await withMastodon { h in
            let shared = try await h.client.publish(NewPost(text: "Read this: https://birds.example/herons"))
            _ = try await h.client.publish(NewPost(text: "Not this one"))
            _ = try await h.client.publish(NewPost(text: "Nor this: https://birds.example/herons", visibility: .private))
            let page = try await h.client.timeline(.link(url: "https://birds.example/herons"), page: .newest)
            #expect(page.items.map(\.id) == [shared.id])
            #expect(TimelineKind(key: TimelineKind.link(url: "https://birds.example/herons").key) == .link(url: "https://birds.example/herons"))
        }
    }
}
