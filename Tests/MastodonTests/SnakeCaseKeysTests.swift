import Foundation
import LocalInstance
@testable import Mastodon
import MastodonAPI
import Testing

/// The entities name their snake_case keys in `CodingKeys` and the client's decoder converts no keys. What a
/// missed or misspelt key would do is lose a field silently, so: in every fixture below (and in what the
/// local instance sends), each key whose name, converted as `.convertFromSnakeCase` converts it, is a field
/// of the entity decoded must arrive in that field when its value is not null.
enum KeyCoverage {
    /// Foundation's `convertFromSnakeCase` for the keys Mastodon sends (lower case words joined by `_`).
    static func camel(_ key: String) -> String {
        let words = key.split(separator: "_", omittingEmptySubsequences: true)
        guard let first = words.first, words.count > 1 else { return key }
        return String(first) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// Keys checked and the fields that did not arrive (as JSON paths).
    struct Report {
        var checked = 0
        var missed: [String] = []
    }

    /// Decodes `body` as the client does and walks the JSON and the value side by side.
    static func report<T: Decodable>(_ type: T.Type, _ body: String) throws -> Report {
        try report(type, Data(body.utf8))
    }

    static func report<T: Decodable>(_ type: T.Type, _ body: Data) throws -> Report {
        let value = try MastodonJSON.decoder.decode(type, from: body)
        let json = try JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
        var report = Report()
        walk(json, value, "$", &report)
        return report
    }

    private static func walk(_ json: Any, _ value: Any, _ path: String, _ report: inout Report) {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            if let inner = mirror.children.first?.value { walk(json, inner, path, &report) }
            return
        }
        let typeName = String(describing: Swift.type(of: value))
        if typeName.hasPrefix("Lenient<") || typeName.hasPrefix("Box<") {
            // A Lenient that did not decode is nil either way (the key strategy cannot make it fail).
            if let inner = mirror.children.first(where: { $0.label == "value" })?.value { walk(json, inner, path, &report) }
            return
        }
        if let muted = value as? MastodonEntities.MutedAccount { walk(json, muted.account, path, &report) }
        switch (mirror.displayStyle, json) {
        case (.collection?, let array as [Any]):
            for (index, (element, child)) in zip(array, mirror.children).enumerated() {
                walk(element, child.value, "\(path)[\(index)]", &report)
            }
        case (.dictionary?, let object as [String: Any]):
            for pair in mirror.children {
                let parts = Mirror(reflecting: pair.value).children.map(\.value)
                guard parts.count == 2, let key = parts[0] as? String, let element = object[key] else { continue }
                walk(element, parts[1], "\(path).\(key)", &report)
            }
        case (.struct?, let object as [String: Any]), (.class?, let object as [String: Any]):
            for (key, element) in object where !(element is NSNull) {
                guard let field = mirror.children.first(where: { $0.label == camel(key) }) else { continue }
                report.checked += 1
                if Mirror(reflecting: field.value).displayStyle == .optional, Mirror(reflecting: field.value).children.isEmpty {
                    report.missed.append("\(path).\(key)")
                } else {
                    walk(element, field.value, "\(path).\(key)", &report)
                }
            }
        default:
            break
        }
    }
}

/// Fixtures of the entities no other test sends, in Mastodon's documented shapes.
enum KeyFixtures {
    static let posted = RealShapes.posted
    static let relationship = #"[{"id":"110","following":true,"showing_reblogs":true,"notifying":false,"languages":null,"followed_by":true,"blocking":false,"blocked_by":true,"muting":false,"muting_notifications":true,"requested":false,"requested_by":false,"domain_blocking":true,"endorsed":false,"note":"met at the fair"}]"#
    static let instanceV2 = #"{"domain":"example.social","title":"Example","version":"4.5.0","configuration":{"urls":{"streaming":"wss://example.social"},"statuses":{"max_characters":500,"max_media_attachments":4,"characters_reserved_per_url":23},"polls":{"max_options":4,"max_characters_per_option":50},"media_attachments":{"supported_mime_types":["image/png"],"image_size_limit":16777216,"video_size_limit":103809024,"description_limit":1500}}}"#
    static let instanceV1 = #"{"uri":"example.social","title":"Example","version":"4.5.0","urls":{"streaming_api":"wss://example.social"},"max_toot_chars":500,"configuration":{"statuses":{"max_characters":500,"max_media_attachments":4},"polls":{"max_options":4}}}"#
    static let markers = #"{"home":{"last_read_id":"103","version":462,"updated_at":"2026-03-01T11:55:00.000Z"},"notifications":{"last_read_id":"35","version":5,"updated_at":"2026-03-01T11:55:00.000Z"}}"#
    static let token = #"{"access_token":"ZA-Yj3aBD8U8Cm7lKUp-lm9O9BmDgdhHzDeqsY8tlL0","token_type":"Bearer","scope":"read write follow push","created_at":1573979017}"#
    static let app = #"{"id":"563419","name":"Parla","website":null,"redirect_uri":"urn:ietf:wg:oauth:2.0:oob","client_id":"TWhM-tNSuncnqN7DBJmoyeLnk6K3iJJ71KKXxgL1hPM","client_secret":"ZEaFUFmF0umgBX1qKJDjaU99Q31lDkOU8NutzTOoliw","vapid_key":"BCk-QqERU0q-CfYZjcuB6lnyyOYfJ2AifKqfeGIm7Z-HiTU5T9eTG5GxVA0_OH5mMlI4UkkDTpaZwozy0TzdZ2M="}"#
    static let serverError = #"{"error":"invalid_grant","error_description":"The provided authorization grant is invalid."}"#
    static let scheduled = #"[{"id":"3221","scheduled_at":"2026-03-02T09:00:00.000Z","params":{"poll":{"options":["Yes","No"],"expires_in":"86400","multiple":false},"text":"Good morning","media_ids":["22"],"sensitive":null,"visibility":null,"idempotency":null,"scheduled_at":null,"spoiler_text":"Mornings","application_id":596551,"in_reply_to_id":null,"language":null},"media_attachments":[\#(RealShapes.image("22", "Sunrise"))]}]"#
    static let mediaConfiguration = #"{"configuration":{"media_attachments":{"supported_mime_types":["image/png","video/mp4"],"image_size_limit":16777216,"image_matrix_limit":33177600,"video_size_limit":103809024,"video_frame_rate_limit":120,"video_matrix_limit":8294400,"description_limit":1500}}}"#
    static let featuredTags = #"[{"id":"627","name":"nature","url":"https://example.social/@ana/tagged/nature","statuses_count":"4","last_status_at":"2026-02-28"},{"id":"628","name":"birds","url":"https://example.social/@ana/tagged/birds","statuses_count":12,"last_status_at":"2026-02-27"}]"#
    static let filters = #"[{"id":"3","title":"Spoilers","context":["home"],"expires_at":"2026-04-01T00:00:00.000Z","filter_action":"warn","keywords":[{"id":"8","keyword":"finale","whole_word":true}],"statuses":[]}]"#
    static let edits = #"[{"content":"<p>Rivers</p>","spoiler_text":"Water","sensitive":true,"created_at":"\#(posted)","account":\#(RealShapes.bea),"poll":null,"media_attachments":[],"emojis":[\#(RealShapes.blobCat)]}]"#
    static let source = #"{"id":"3","text":"Rivers matter","spoiler_text":"Water"}"#
    static let conversations = #"[{"id":"418","unread":true,"accounts":[\#(RealShapes.bea)],"last_status":\#(RealShapes.status(id: "7", content: "<p>Psst</p>"))}]"#
    static let context = #"{"ancestors":[\#(RealShapes.status(id: "5", content: "<p>Up</p>"))],"descendants":[\#(RealShapes.status(id: "8", content: "<p>Down</p>", editedAt: "\"2026-03-01T11:58:00.000Z\""))]}"#
    static let search = #"{"accounts":[\#(RealShapes.bea)],"statuses":[\#(RealShapes.status(id: "6", content: "<p>Found</p>"))],"hashtags":[{"name":"rivers","url":"https://example.social/tags/rivers","following":true,"history":[{"day":"1772323200","uses":"4","accounts":"3"}]}]}"#
    static let mutes = #"[\#(RealShapes.account(id: "130", username: "eve", displayName: "Eve").dropLast().trimmingCharacters(in: .whitespacesAndNewlines)),"mute_expires_at":"2026-03-08T12:00:00.000Z"}]"#
    static let moved = RealShapes.account(id: "131", username: "old", displayName: "Old", moved: RealShapes.bea)
    static let notifications = #"[{"id":"50","type":"severed_relationships","created_at":"\#(posted)","group_key":"ungrouped-50","account":\#(RealShapes.bea),"event":{"id":"2","type":"domain_block","purged":false,"target_name":"bad.example","followers_count":3,"following_count":4,"created_at":"\#(posted)"}},{"id":"51","type":"moderation_warning","created_at":"\#(posted)","account":\#(RealShapes.bea),"moderation_warning":{"id":"1","action":"silence","text":"Please stop","status_ids":[],"target_account":\#(RealShapes.bea),"appeal":null,"created_at":"\#(posted)"}},{"id":"52","type":"annual_report","created_at":"\#(posted)","account":\#(RealShapes.bea),"annual_report":{"year":2025}},{"id":"53","type":"admin.report","created_at":"\#(posted)","account":\#(RealShapes.bea),"report":{"id":"4","category":"spam","target_account":\#(RealShapes.bea)}}]"#
    static let grouped = #"{"accounts":[\#(RealShapes.bea)],"statuses":[],"notification_groups":[{"group_key":"ungrouped-60","notifications_count":1,"type":"moderation_warning","most_recent_notification_id":"60","page_min_id":"60","page_max_id":"60","latest_page_notification_at":"\#(posted)","sample_account_ids":["110"],"status_id":null,"moderation_warning":{"id":"1","action":"silence","text":"Please stop"}},{"group_key":"ungrouped-61","notifications_count":1,"type":"severed_relationships","most_recent_notification_id":"61","sample_account_ids":["110"],"event":{"type":"account_suspension","target_name":"x.example","followers_count":1,"following_count":2}}]}"#

    /// Every kind of status the reading tests use: filtered, quoting, with media, poll and card, edited, with a
    /// content warning, and a boost.
    static var statuses: String {
        let quoted = RealShapes.status(id: "9", content: "<p>Herons!</p>", by: RealShapes.bea, emojis: "[]")
        let quote = #"{"state":"accepted","quoted_status":\#(quoted)}"#
        let shallow = #"{"state":"accepted","quoted_status_id":"9"}"#
        let full = RealShapes.status(
            id: "3", content: "<p>Look: \(RealShapes.link)</p>", spoiler: "Birds :blob_cat:", sensitive: true,
            media: "[\(RealShapes.image("m1", "A heron in a pond"))]", poll: RealShapes.poll, card: RealShapes.card,
            filtered: RealShapes.filterResult("Spoilers", action: "warn"), quote: quote, editedAt: "\"2026-03-01T11:58:00.000Z\"")
        let boosted = RealShapes.status(id: "4", content: "", by: RealShapes.bea).replacingOccurrences(
            of: #""reblog":null"#, with: #""reblog":\#(RealShapes.status(id: "2", content: "<p>Original</p>"))"#)
        let reply = RealShapes.status(id: "5", content: "<p>Yes</p>", quote: shallow).replacingOccurrences(
            of: #""in_reply_to_id":null,"in_reply_to_account_id":null"#, with: #""in_reply_to_id":"3","in_reply_to_account_id":"109""#)
            .replacingOccurrences(of: #""mentions":[]"#, with: #""mentions":[{"id":"110","username":"bea","url":"https://example.social/@bea","acct":"bea"}]"#)
            .replacingOccurrences(of: #""tags":[]"#, with: #""tags":[{"name":"rivers","url":"https://example.social/tags/rivers"}]"#)
        return "[" + [full, boosted, reply, RealShapes.status(id: "1", content: "<p>Morning</p>", by: moved)].joined(separator: ",") + "]"
    }
}

@Suite("Mastodon's snake_case keys arrive in every field without a key strategy")
struct SnakeCaseKeysTests {
    /// No field missed, and at least `least` keys checked (so that the walk saw the fixture).
    func expectAllArrive<T: Decodable>(_ type: T.Type, _ body: String, least: Int, _ what: Comment) throws {
        let report = try KeyCoverage.report(type, body)
        #expect(report.missed == [], what)
        #expect(report.checked >= least, what)
    }

    @Test("statuses, notifications one by one and grouped, accounts and the rest of the reading tests' fixtures")
    func fixtures() throws {
        try expectAllArrive([Lenient<MastodonEntities.Status>].self, KeyFixtures.statuses, least: 200, "statuses")
        try expectAllArrive(MastodonEntities.GroupedNotificationsResults.self, GroupedNotificationsTests.v2Page, least: 150, "v2 page")
        try expectAllArrive(MastodonEntities.GroupedNotificationsResults.self, KeyFixtures.grouped, least: 30, "v2 warnings")
        try expectAllArrive([Lenient<MastodonEntities.Notification>].self, GroupedNotificationsTests.v1Page, least: 100, "v1 page")
        try expectAllArrive([Lenient<MastodonEntities.Notification>].self, KeyFixtures.notifications, least: 60, "v1 kinds")
        try expectAllArrive(MastodonEntities.Account.self, CredentialAccountTests.credential(language: #""ca""#), least: 16, "credential")
        try expectAllArrive([Lenient<MastodonEntities.Relationship>].self, KeyFixtures.relationship, least: 10, "relationship")
        try expectAllArrive(MastodonEntities.InstanceV2.self, KeyFixtures.instanceV2, least: 9, "instance v2")
        try expectAllArrive(MastodonEntities.InstanceV1.self, KeyFixtures.instanceV1, least: 9, "instance v1")
        try expectAllArrive(MastodonEntities.MediaConfiguration.self, KeyFixtures.mediaConfiguration, least: 6, "media configuration")
        try expectAllArrive([String: MastodonEntities.Marker].self, KeyFixtures.markers, least: 6, "markers")
        try expectAllArrive(MastodonEntities.Token.self, KeyFixtures.token, least: 3, "token")
        try expectAllArrive(MastodonEntities.AppRegistration.self, KeyFixtures.app, least: 3, "app")
        try expectAllArrive(MastodonEntities.ServerError.self, KeyFixtures.serverError, least: 2, "error")
        try expectAllArrive([Lenient<MastodonEntities.ScheduledStatus>].self, KeyFixtures.scheduled, least: 12, "scheduled")
        try expectAllArrive([Lenient<MastodonEntities.FeaturedTag>].self, KeyFixtures.featuredTags, least: 10, "featured tags")
        try expectAllArrive([Lenient<MastodonEntities.Filter>].self, KeyFixtures.filters, least: 9, "filters")
        try expectAllArrive([Lenient<MastodonEntities.StatusEdit>].self, KeyFixtures.edits, least: 20, "edits")
        try expectAllArrive(MastodonEntities.StatusSource.self, KeyFixtures.source, least: 3, "source")
        try expectAllArrive([Lenient<MastodonEntities.Conversation>].self, KeyFixtures.conversations, least: 30, "conversations")
        try expectAllArrive(MastodonEntities.Context.self, KeyFixtures.context, least: 60, "context")
        try expectAllArrive(MastodonEntities.SearchResults.self, KeyFixtures.search, least: 50, "search")
        try expectAllArrive([Lenient<MastodonEntities.MutedAccount>].self, KeyFixtures.mutes, least: 15, "mutes")
    }

    @Test("what the local instance sends: home, a thread, the user, a post's source, notifications, instance, filters")
    func localInstance() async throws {
        try await withMastodon { h in
            func get(_ path: String) async throws -> String {
                let response = try await h.real.send(HTTPRequest(
                    method: "GET", url: URL(string: h.instance.baseURL + path)!,
                    headers: [("Authorization", "Bearer " + h.instance.ownerToken)]))
                #expect(response.status == 200, "\(path)")
                return String(decoding: response.body, as: UTF8.self)
            }
            let home = try await get("/api/v1/timelines/home?limit=40")
            try expectAllArrive([Lenient<MastodonEntities.Status>].self, home, least: 400, "home")
            let posts: [MastodonEntities.Status] = try MastodonJSON.decoder.decode([Lenient<MastodonEntities.Status>].self, from: Data(home.utf8)).decoded()
            let reply = try #require(posts.first { $0.inReplyToId != nil }?.id)
            try expectAllArrive(MastodonEntities.Context.self, try await get("/api/v1/statuses/\(reply)/context"), least: 20, "context")
            let me = try await get("/api/v1/accounts/verify_credentials")
            try expectAllArrive(MastodonEntities.Account.self, me, least: 10, "me")
            let myID = try MastodonJSON.decoder.decode(MastodonEntities.Account.self, from: Data(me.utf8)).id
            let mine = try #require(posts.first { $0.account?.id == myID }?.id)
            try expectAllArrive(MastodonEntities.StatusSource.self, try await get("/api/v1/statuses/\(mine)/source"), least: 2, "source")
            try expectAllArrive([Lenient<MastodonEntities.Notification>].self, try await get("/api/v1/notifications"), least: 40, "v1")
            try expectAllArrive(MastodonEntities.GroupedNotificationsResults.self, try await get("/api/v2/notifications"), least: 40, "v2")
            try expectAllArrive(MastodonEntities.InstanceV2.self, try await get("/api/v2/instance"), least: 5, "instance v2")
            try expectAllArrive(MastodonEntities.InstanceV1.self, try await get("/api/v1/instance"), least: 4, "instance v1")
            try expectAllArrive([Lenient<MastodonEntities.Filter>].self, try await get("/api/v2/filters"), least: 5, "filters")
        }
    }

    @Test("the check fails when a key is named wrongly: a field named in camelCase does not arrive")
    func theCheckCanFail() throws {
        struct Misnamed: Decodable {
            var displayName: String?
            var bot: Bool?
        }
        let report = try KeyCoverage.report(Misnamed.self, #"{"display_name":"Ana","bot":true,"unknown_key":1}"#)
        #expect(report.missed == ["$.display_name"])
        #expect(report.checked == 2)
        #expect(KeyCoverage.camel("in_reply_to_account_id") == "inReplyToAccountId")
    }
}
