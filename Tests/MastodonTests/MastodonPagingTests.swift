import Foundation
@testable import Mastodon
import MicroblogKit
import ParlaBase
import Testing

/// Issue 27, item 1: Mastodon's paging lives inside the opaque cursor, and only this module orders its ids.
@Suite struct MastodonPagingTests {
    @Test func mastodonCursorsCarryTheirPagingParametersToTheQueryAndBack() {
        let request = PageRequest.mastodon(maxId: "109", sinceId: "7", limit: 20)
        #expect(request.cursor == "max_id=109&since_id=7")
        #expect(request.maxId == "109" && request.sinceId == "7" && request.minId == nil)
        #expect(MastodonClient.paging(request, defaultLimit: 40).map { "\($0.0)=\($0.1)" } == ["max_id=109", "since_id=7", "limit=20"])
        #expect(PageRequest.mastodon() == .newest)
        #expect(MastodonClient.paging(.newest, defaultLimit: 40).map { "\($0.0)=\($0.1)" } == ["limit=40"])
    }

    @Test func mastodonPagesItsTimelinesByPostIdsWhereItCanAndOrdersItsOwnMarkerIds() {
        let transport = FixtureTransport { _ in HTTPResponse(status: 404, body: Data()) }
        let client = MastodonClient(server: URL(string: "https://m.example")!, token: "t", transport: transport, budget: RateLimitBudget())
        #expect(client.pageRequest(olderThan: "109", in: .home) == .mastodon(maxId: "109"))
        #expect(client.pageRequest(olderThan: "109", in: .bookmarks) == nil)
        #expect(client.notificationsPageRequest(olderThan: "55") == .mastodon(maxId: "55"))
        #expect(client.readPosition("100", isPast: "99"))
        #expect(client.readPosition("110", isPast: "109"))
        #expect(!client.readPosition("9", isPast: "10"))
        #expect(!client.readPosition("10", isPast: "10"))
    }
}
