import Foundation
import LocalInstance
import MastodonAPI
import ParlaBase
import ParlaBaseTesting
import Testing
import SystemTestSupport
import TestSupport

/// Issue 16, item 7: the local instance sends what Mastodon 4.5 sends — filters, quotes, edits with their
/// history, link cards, custom emoji, grouped notifications and conversations — in Mastodon's JSON shapes,
/// over real HTTP, on the demo community.
@Suite("Local instance: what Mastodon 4.5 sends, in its shapes")
struct ReadingShapesTests {
    /// JSON as Mastodon's documentation prints it, keys sorted, for literal comparison.
    static func literal(_ value: Any?) -> String {
        guard let value, let data = try? JSONSerialization.data(
            withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
        else { return "nil" }
        return String(decoding: data, as: UTF8.self)
    }

    /// An account's posts as the owner sees them, newest first.
    static func posts(of username: String, _ http: TestHTTP) async throws -> [[String: Any]] {
        let account = try await http.call(API.Accounts.lookup(query: [("acct", username)]))
        let id = try #require(account.object["id"] as? String)
        return try await http.call(API.Accounts.statuses(id: id, query: [("limit", "40")])).array
    }

    /// The post of `username` whose HTML content contains `text`.
    static func post(_ username: String, containing text: String, _ http: TestHTTP) async throws -> [String: Any] {
        try #require(try await posts(of: username, http).first { ($0["content"] as? String)?.contains(text) == true })
    }

    @Test("filters: the owner's v2 filters with keywords; warn and hide applied as filtered in their contexts only")
    func filters() async throws {
        try await withInstance { _, http in
            let list = try await http.call(API.Filters.all)
            #expect(Self.literal(list.json) == """
                [{"context":["home","public","thread"],"expires_at":null,"filter_action":"warn","id":"1","keywords":[{"id":"1","keyword":"The Long Tide","whole_word":true}],"statuses":[],"title":"The Long Tide"},\
                {"context":["public"],"expires_at":null,"filter_action":"hide","id":"2","keywords":[{"id":"2","keyword":"fútbol","whole_word":true},{"id":"3","keyword":"football","whole_word":true}],"statuses":[],"title":"Football"}]
                """)
            let home = try await http.call(API.Timelines.home(query: [("limit", "40")])).array
            let tide = try #require(home.first { ($0["content"] as? String)?.contains("«The Long Tide»") == true })
            #expect(Self.literal(tide["filtered"]) == """
                [{"filter":{"context":["home","public","thread"],"expires_at":null,"filter_action":"warn","id":"1","title":"The Long Tide"},"keyword_matches":["The Long Tide"],"status_matches":null}]
                """)
            // A hiding filter for the public timelines: the football post carries it there, not on the profile.
            let local = try await http.call(API.Timelines.publicTimeline(query: [("limit", "40")])).array
            let derby = try #require(local.first { ($0["content"] as? String)?.contains("derbi") == true })
            #expect((derby["filtered"] as? [[String: Any]])?.compactMap { ($0["filter"] as? [String: Any])?["filter_action"] as? String } == ["hide"])
            #expect(Self.literal(try await Self.post("pablo", containing: "derbi", http)["filtered"]) == "[]")
            // A new filter (form fields, as Mastodon.py sends them) applies at once.
            let created = try await http.call(API.Filters.create(form: [
                ("title", "Birds"), ("context[]", "account"), ("filter_action", "hide"),
                ("keywords_attributes[0][keyword]", "heron"), ("keywords_attributes[0][whole_word]", "false"),
            ]))
            #expect(created.status == 200)
            #expect(Self.literal(created.object["keywords"]) == #"[{"id":"4","keyword":"heron","whole_word":false}]"#)
            let nora = try await Self.posts(of: "nora", http)
            let hidden = nora.filter { !(($0["filtered"] as? [Any]) ?? []).isEmpty }
            #expect(hidden.count == 3)
            #expect(try await http.call(API.Filters.create(form: [("title", "x"), ("context[]", "everywhere")])).status == 422)
            #expect(try await http.call(API.Filters.delete(id: "3")).status == 200)
            #expect(try await http.call(API.Filters.all).array.count == 2)
        }
    }

    @Test("quotes: accepted with the quoted status, pending and deleted with none, shallow inside a quote")
    func quotes() async throws {
        try await withInstance { _, http in
            let contrast = try await Self.post("lucia", containing: "el contraste no es un capricho", http)
            let tom = try await Self.post("tom", containing: "This, a hundred times", http)
            let quote = try #require(tom["quote"] as? [String: Any])
            #expect(quote["state"] as? String == "accepted")
            #expect((quote["quoted_status"] as? [String: Any])?["id"] as? String == contrast["id"] as? String)
            #expect(contrast["quotes_count"] as? Int == 1)
            #expect(Self.literal(contrast["quote_approval"]) == #"{"automatic":["public"],"current_user":"automatic","manual":[]}"#)
            #expect(Self.literal(contrast["quote"]) == "null")
            #expect(Self.literal(try await Self.post("marta", containing: "Hi estic d", http)["quote"]) == #"{"quoted_status":null,"state":"deleted"}"#)
            #expect(Self.literal(try await Self.post("pablo", containing: "Totalmente", http)["quote"]) == #"{"quoted_status":null,"state":"pending"}"#)
            // Quoting a quote: the inner quote is shallow, as Mastodon nests only one level.
            let tomID = try #require(tom["id"] as? String)
            let mine = try await http.call(API.Statuses.publish(form: [("status", "Quoting Tom quoting Lucía."), ("quoted_status_id", tomID)]))
            let inner = (mine.object["quote"] as? [String: Any])?["quoted_status"] as? [String: Any]
            #expect(Self.literal(inner?["quote"]) == #"{"quoted_status_id":"\#(contrast["id"] as? String ?? "")","state":"accepted"}"#)
            #expect(try await http.call(API.Statuses.publish(form: [("status", "x"), ("quoted_status_id", "999999")])).status == 404)
        }
    }

    @Test("edits: edited_at, the history oldest first, the source; only the author may edit")
    func edits() async throws {
        try await withInstance { _, http in
            let bakery = try await Self.post("jordi", containing: "festa dels vint anys", http)
            let bakeryID = try #require(bakery["id"] as? String)
            #expect(bakery["edited_at"] is String)
            let history = try await http.call(API.Statuses.history(id: bakeryID)).array
            #expect(history.map { $0["content"] as? String ?? "" } == [
                "<p>Diumenge, festa dels vint anys del forn: obrim de vuit a dues i hi haurà coca per a tothom.</p>",
                "<p>Diumenge, festa dels vint anys del forn: obrim de set a dues i hi haurà coca i xocolata per a tothom. :bread_loaf:</p>",
            ])
            #expect((history.last?["emojis"] as? [[String: Any]])?.compactMap { $0["shortcode"] as? String } == ["bread_loaf"])
            #expect(Set(history.first?.keys.map { $0 } ?? []) == ["content", "spoiler_text", "sensitive", "created_at", "account", "poll", "media_attachments", "emojis"])
            #expect(try await http.call(API.Statuses.edit(id: bakeryID, form: [("status", "mine now")])).status == 403)

            let mine = try await Self.post("owner", containing: "One week with Parla", http)
            let id = try #require(mine["id"] as? String)
            let edited = try await http.call(API.Statuses.edit(id: id, form: [("status", "One week with Parla, and F1 is still my favourite key.")]))
            #expect(edited.status == 200)
            #expect(edited.object["content"] as? String == "<p>One week with Parla, and F1 is still my favourite key.</p>")
            #expect(edited.object["edited_at"] as? String == "2027-01-15T08:00:00.000Z")
            #expect(try await http.call(API.Statuses.history(id: id)).array.count == 3)
            #expect(Self.literal(try await http.call(API.Statuses.source(id: id)).json)
                == #"{"id":"\#(id)","spoiler_text":"","text":"One week with Parla, and F1 is still my favourite key."}"#)
            let never = try await Self.post("tom", containing: "Unpopular opinion", http)
            #expect(Self.literal(never["edited_at"]) == "null")
            #expect(try await http.call(API.Statuses.history(id: never["id"] as? String ?? "")).array.count == 1)
        }
    }

    @Test("link cards and custom emoji: the card of a post's first link; emoji in posts, names and the server's list")
    func cardsAndEmoji() async throws {
        try await withInstance { instance, http in
            let wcag = try await Self.post("lucia", containing: "resumen oficial de las pautas WCAG", http)
            #expect(Self.literal(wcag["card"]) == """
                {"author_name":"","author_url":"","authors":[],"blurhash":null,"description":"Introduces the Web Content Accessibility Guidelines (WCAG) international standard.","embed_url":"","height":0,"html":"","image":null,"image_description":"","language":null,"provider_name":"Web Accessibility Initiative (WAI)","provider_url":"https://www.w3.org/","published_at":null,"title":"WCAG 2 Overview","type":"link","url":"https://www.w3.org/WAI/standards-guidelines/wcag/","width":0}
                """)
            #expect(Self.literal(try await Self.post("tom", containing: "Unpopular opinion", http)["card"]) == "null")
            let emojis = try await http.call(API.Misc.customEmojis).array
            #expect(emojis.map { $0["shortcode"] as? String ?? "" } == ["blobcat_dance", "bread_loaf", "heron", "parla", "radio_on"])
            #expect(Self.literal(emojis.first) == """
                {"category":"Blobs","shortcode":"blobcat_dance","static_url":"\(instance.baseURL)/emoji/blobcat_dance.png","url":"\(instance.baseURL)/emoji/blobcat_dance.png","visible_in_picker":true}
                """)
            let radio = try await Self.post("amara", containing: "This is why we make radio", http)
            #expect((radio["emojis"] as? [[String: Any]])?.map { $0["shortcode"] as? String ?? "" } == ["blobcat_dance", "radio_on"])
            let amara = try await http.call(API.Accounts.lookup(query: [("acct", "amara")]))
            #expect(amara.object["display_name"] as? String == "Amara Okafor :radio_on:")
            #expect((amara.object["emojis"] as? [[String: Any]])?.map { $0["shortcode"] as? String ?? "" } == ["radio_on"])
            let me = try await http.call(API.Accounts.verifyCredentials)
            #expect(me.object["display_name"] as? String == "Daniel Reyes")
            #expect(Self.literal(me.object["fields"]) == """
                [{"name":"Pronouns","value":"he/him","verified_at":null},{"name":"Workshop","value":"Reyes Bindery, Stokes Croft","verified_at":null}]
                """)
        }
    }

    @Test("grouped notifications: one group per post's favourites, counted, with sample accounts and the status once")
    func groupedNotifications() async throws {
        try await withInstance { _, http in
            let reply = try await http.call(API.Notifications.grouped(query: [("limit", "80")]))
            #expect(reply.status == 200)
            #expect(reply.header("Link")?.contains("rel=\"next\"") == true)
            let document = reply.object
            #expect(Set(document.keys) == ["accounts", "statuses", "notification_groups"])
            let groups = try #require(document["notification_groups"] as? [[String: Any]])
            let single = try await http.call(API.Notifications.all(query: [("limit", "80")])).array
            #expect(groups.count < single.count)
            let favourites = try #require(groups.first { $0["type"] as? String == "favourite" && ($0["notifications_count"] as? Int ?? 0) > 1 })
            #expect(Set(favourites.keys) == [
                "group_key", "notifications_count", "type", "most_recent_notification_id", "page_min_id", "page_max_id",
                "latest_page_notification_at", "sample_account_ids", "status_id",
            ])
            let statusID = try #require(favourites["status_id"] as? String)
            let sameStatus = single.filter { $0["type"] as? String == "favourite" && ($0["status"] as? [String: Any])?["id"] as? String == statusID }
            #expect(favourites["notifications_count"] as? Int == sameStatus.count)
            #expect(favourites["sample_account_ids"] as? [String] == sameStatus.compactMap { ($0["account"] as? [String: Any])?["id"] as? String })
            #expect((favourites["group_key"] as? String)?.hasPrefix("favourite-\(statusID)-") == true)
            let accountIDs = Set(((document["accounts"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String })
            #expect(Set(favourites["sample_account_ids"] as? [String] ?? []).isSubset(of: accountIDs))
            let statusIDs = ((document["statuses"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
            #expect(statusIDs.contains(statusID) && Set(statusIDs).count == statusIDs.count)
            let mention = try #require(groups.first { $0["type"] as? String == "mention" })
            #expect(mention["group_key"] as? String == "ungrouped-\(mention["most_recent_notification_id"] as? String ?? "")")
            // The single notifications carry the same keys.
            #expect(single.contains { $0["group_key"] as? String == favourites["group_key"] as? String })
            let follows = try await http.call(API.Notifications.grouped(query: [("types[]", "follow")]))
            #expect(((follows.object["notification_groups"] as? [[String: Any]]) ?? []).map { $0["notifications_count"] as? Int ?? 0 } == [5])
        }
    }

    @Test("conversations: each direct thread once, with its other accounts, last status and unread state")
    func conversations() async throws {
        try await withInstance { _, http in
            let conversations = try await http.call(API.Timelines.conversations).array
            #expect(conversations.map { Set($0.keys) } == Array(repeating: ["id", "unread", "accounts", "last_status"], count: 2))
            #expect(conversations.map { ($0["accounts"] as? [[String: Any]])?.compactMap { $0["username"] as? String } ?? [] } == [["lucia"], ["tom"]])
            #expect(conversations.map { $0["unread"] as? Bool } == [true, false])
            let last = try #require(conversations[1]["last_status"] as? [String: Any])
            #expect(last["content"] as? String == "<p><span class=\"h-card\" translate=\"no\"><a href=\"\(http.baseURL)/@tom\" class=\"u-url mention\">@<span>tom</span></a></span> Yes, I would love to. Near the front sounds perfect, thank you!</p>")
        }
    }

    @Test("live activity: on the manual clock, members post, favourite and mention the owner, announced on the stream")
    func liveActivity() async throws {
        let sleeper = ManualSleeper()
        let configuration = {
            var configuration = InstanceConfiguration(
                dataDirectory: TestPaths.temporaryDirectory("local-instance"),
                clock: InstanceClock(epoch: Date(timeIntervalSince1970: 1_800_000_000), tick: ManualClock()))
            configuration.demoActivity = DemoActivitySettings(sleeper: sleeper, firstDelay: .seconds(25), pauseSeconds: 40...150)
            return configuration
        }()
        let instance = try await LocalInstance.start(configuration)
        do {
            try await hearTheCommunity(instance, sleeper)
        } catch {
            await instance.stop()
            throw error
        }
        await instance.stop()
    }

    func hearTheCommunity(_ instance: RunningInstance, _ sleeper: ManualSleeper) async throws {
        let stream = try EventStreamReader(port: instance.port, path: API.Streaming.user(query: [("access_token", instance.ownerToken)]).target)
        _ = await stream.read(until: ":)")
        try await eventually("the first wait") { sleeper.sleeping == 1 }
        #expect(sleeper.requestedDurations == [.seconds(25)])
        sleeper.advance(by: .seconds(25))
        let first = await stream.read(until: "Olor de pa acabat de fer")
        #expect(first.contains("event: update\ndata: {"))
        try await eventually("the second wait") { sleeper.sleeping == 1 }
        #expect(sleeper.requestedDurations == [.seconds(25), .seconds(93)])
        sleeper.advance(by: .seconds(93))
        let favourite = await stream.read(until: "\"type\":\"favourite\"")
        #expect(favourite.contains("event: notification\ndata: {"))
        #expect(favourite.contains("\"username\":\"lucia\""))
        try await eventually("the third wait") { sleeper.sleeping == 1 }
        sleeper.advance(by: sleeper.requestedDurations.last ?? .zero)
        let mention = await stream.read(until: "\"type\":\"mention\"")
        #expect(mention.contains("Are you still up for the meetup on Thursday?"))
    }
}
