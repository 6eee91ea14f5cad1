import Foundation
import LocalInstance
import MastodonAPI
@testable import Mastodon
import MastodonTesting
import MicroblogKit
import ParlaBase
import ParlaPresentation
import TestSupport
import Testing

/// Issue 16, item 4: the client reads `/api/v2/notifications` (Mastodon 4.3+ groups) where the server offers
/// it, and on a server that answers 404 reads v1 for the rest of the session and groups them itself; either way
/// a group is said "Ana, Bea and 2 others favourited your post: …".
@Suite("Grouped notifications, from v2 or grouped by Parla")
struct GroupedNotificationsTests {
    static let carl = RealShapes.account(id: "120", username: "carl", displayName: "Carl", locked: false, note: "", fields: "[]")
    static let dan = RealShapes.account(id: "121", username: "dan", displayName: "Dan", locked: false, note: "", fields: "[]")
    static let rivers = RealShapes.status(id: "29", content: "<p>Rivers matter</p>")
    static let question = RealShapes.status(id: "33", content: "<p>@ana are you coming?</p>", by: RealShapes.bea, emojis: "[]")

    /// `GroupedNotificationsResults` as Mastodon 4.3+ sends it: each account and status once, four favourites
    /// of one post, two follows, a mention and a report (ungrouped, with what it is about attached).
    static let v2Page = """
        {"accounts":[\(RealShapes.account()),\(RealShapes.bea),\(carl),\(dan)],"statuses":[\(rivers),\(question)],
         "notification_groups":[
          {"group_key":"favourite-29-20514","notifications_count":4,"type":"favourite","most_recent_notification_id":"40",
           "page_min_id":"37","page_max_id":"40","latest_page_notification_at":"\(RealShapes.posted)",
           "sample_account_ids":["109","110","120","121"],"status_id":"29"},
          {"group_key":"follow-20514","notifications_count":2,"type":"follow","most_recent_notification_id":"36",
           "page_min_id":"35","page_max_id":"36","latest_page_notification_at":"\(RealShapes.posted)",
           "sample_account_ids":["120","121"],"status_id":null},
          {"group_key":"ungrouped-34","notifications_count":1,"type":"mention","most_recent_notification_id":"34",
           "page_min_id":"34","page_max_id":"34","latest_page_notification_at":"\(RealShapes.posted)",
           "sample_account_ids":["110"],"status_id":"33"},
          {"group_key":"ungrouped-32","notifications_count":1,"type":"admin.report","most_recent_notification_id":"32",
           "page_min_id":"32","page_max_id":"32","latest_page_notification_at":"\(RealShapes.posted)",
           "sample_account_ids":["120"],"status_id":null,
           "report":{"id":"4","action_taken":false,"action_taken_at":null,"category":"spam","comment":"","forwarded":false,
            "created_at":"\(RealShapes.posted)","status_ids":null,"rule_ids":null,"target_account":\(dan)}}]}
        """

    static let link = #"<https://example.social/api/v2/notifications?max_id=32>; rel="next", <https://example.social/api/v2/notifications?min_id=40>; rel="prev""#

    @Test("v2's groups, decoded from Mastodon's JSON shape, said as one sentence each; the next page by max_id")
    func serverGroups() async throws {
        let transport = FixtureTransport { _ in .json(Self.v2Page, headers: [("Link", Self.link)]) }
        let client = transport.client()
        let page = try await client.notifications(page: .newest, kinds: nil)
        #expect(transport.requests.map { $0.url.path + "?" + ($0.url.query ?? "") } == ["/api/v2/notifications?limit=80"])
        #expect(page.items.map(\.id) == ["40", "36", "34", "32"])
        #expect(page.items.map { $0.group?.count } == [4, 2, 1, 1])
        #expect(page.items.map(\.groupKey) == ["favourite-29-20514", "follow-20514", "ungrouped-34", "ungrouped-32"])
        let speech = RealShapes.speech()
        #expect(NotificationGrouping.grouped(page.items).map { speech.present($0, now: RealShapes.now).spoken } == [
            "Ana, Bea and 2 others favourited your post: Rivers matter. 5 minutes ago",
            "Carl and Dan follow you. 5 minutes ago",
            "Bea mentioned you: @ana are you coming? 5 minutes ago",
            "Carl reported Dan for spam. 5 minutes ago",
        ])
        #expect(RealShapes.speech(.spanish).present(page.items[0], now: RealShapes.now).spoken
            == "Ana, Bea y 2 personas más han marcado tu publicación como favorita: Rivers matter. hace 5 minutos")
        #expect(RealShapes.speech(.catalan).present(page.items[1], now: RealShapes.now).spoken
            == "Carl i Dan et segueixen. fa 5 minuts")
        // Paging goes on by max_id, as v1's does.
        #expect(page.older == PageRequest.mastodon(maxId: "32"))
        _ = try await client.notifications(page: try #require(page.older), kinds: nil)
        #expect(transport.requests.last.map { $0.url.path + "?" + ($0.url.query ?? "") } == "/api/v2/notifications?max_id=32&limit=80")
    }

    /// Three notifications one by one, as Mastodon 4.3+ sends them on v1 (with their group key).
    static let v1Page = """
        [{"id":"12","type":"favourite","created_at":"\(RealShapes.posted)","group_key":"favourite-29-20514","account":\(carl),"status":\(rivers)},
         {"id":"11","type":"follow","created_at":"\(RealShapes.posted)","group_key":"ungrouped-11","account":\(RealShapes.bea),"status":null},
         {"id":"10","type":"favourite","created_at":"\(RealShapes.posted)","group_key":"favourite-29-20514","account":\(dan),"status":\(rivers)}]
        """

    @Test("a server that answers v2 with 404 is asked v1 from then on, and Parla groups what comes")
    func fallbackAfter404() async throws {
        let transport = FixtureTransport { $0.url.path.hasPrefix("/api/v2/") ? .notFound : .json(Self.v1Page) }
        let client = transport.client()
        let first = try await client.notifications(page: .newest, kinds: nil)
        _ = try await client.notifications(page: PageRequest.mastodon(maxId: "10"), kinds: nil)
        #expect(transport.requests.map { $0.url.path + "?" + ($0.url.query ?? "") } == [
            "/api/v2/notifications?limit=80", "/api/v1/notifications?limit=80", "/api/v1/notifications?max_id=10&limit=80",
        ])
        #expect(first.items.map(\.id) == ["12", "11", "10"])
        let speech = RealShapes.speech()
        #expect(NotificationGrouping.grouped(first.items).map { speech.present($0, now: RealShapes.now).spoken } == [
            "Carl and Dan favourited your post: Rivers matter. 5 minutes ago",
            "Bea follows you. 5 minutes ago",
        ])
    }

    @Test("over HTTP, the embedded instance's groups: counted as v1 counts them, said as one, paged by max_id")
    func embeddedInstance() async throws {
        try await withMastodon { h in
            let page = try await h.client.notifications(page: PageRequest(limit: 5), kinds: nil)
            #expect(h.transport.count(API.Notifications.grouped) == 1)
            #expect(h.transport.count(API.Notifications.all) == 0)
            let favourites = try #require(page.items.first { $0.kind == .favourite && ($0.group?.count ?? 0) > 1 })
            let postId = try #require(favourites.post?.id)
            let single = try await h.client.notifications(page: PageRequest(limit: 80), kinds: [.favourite]).items.filter { $0.post?.id == postId }
            #expect(favourites.group?.count == single.count)
            #expect(favourites.group?.accounts.map(\.id) == single.map(\.account.id))
            #expect(favourites.id == single.first?.id)
            let speech = RealShapes.speech()
            // The demo owner's post three members favourited: one sentence, as v1's three notifications make it.
            #expect(speech.present(favourites, now: testEpoch).spoken == "Parla Tips, Jordi Vidal and 1 other favourited your post: "
                + "One week with Parla. My favourite key so far is F1, because it never judges me for asking again. 11 hours ago")
            #expect(single.map(\.account.name) == ["Parla Tips", "Jordi Vidal", "Marta Puig i Soler"])
            #expect(speech.present(NotificationGrouping.grouped(single)[0], now: testEpoch).spoken == speech.present(favourites, now: testEpoch).spoken)
            let older = try #require(page.older)
            #expect(older.maxId != nil && older.minId == nil)
            let next = try await h.client.notifications(page: older, kinds: nil)
            #expect(Set(next.items.map(\.id)).isDisjoint(with: page.items.map(\.id)))
            #expect(h.transport.entries.last?.query?.contains("max_id=") == true)
        }
    }

    @Test("over HTTP, an instance answering v2 with 404: v1 for the rest of the session")
    func embeddedInstanceWithout2() async throws {
        try await withMastodon(faults: FaultPlan(rules: [FaultPlan.Rule(API.Notifications.grouped, status: 404)])) { h in
            let first = try await h.client.notifications(page: .newest, kinds: nil)
            _ = try await h.client.notifications(page: .newest, kinds: nil)
            #expect(h.transport.count(API.Notifications.grouped) == 1)
            #expect(h.transport.count(API.Notifications.all) == 2)
            #expect(first.items.allSatisfy { $0.group == nil && $0.groupKey != nil })
            #expect(NotificationGrouping.grouped(first.items).count < first.items.count)
        }
    }
}
