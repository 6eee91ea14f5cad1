import Foundation
import LocalInstance
import MastodonAPI
import ParlaBaseTesting
import Testing

/// Mutes, blocks, domain blocks, reports, follow requests and muted conversations over real HTTP,
/// with the JSON Mastodon 4.5 sends.
@Suite("Local instance: safety")
struct SafetyTests {
    /// The account id of a demo username.
    func id(_ http: TestHTTP, _ username: String) async throws -> String {
        try #require(try await http.call(API.Accounts.lookup(query: [("acct", username)])).object["id"] as? String)
    }

    /// The usernames of the authors (and boosted authors) of home's newest 40 posts.
    func homeAuthors(_ http: TestHTTP) async throws -> Set<String> {
        let home = try await http.call(API.Timelines.home(query: [("limit", "40")])).array
        return Set(home.flatMap { status -> [String] in
            let inner = (status["reblog"] as? [String: Any])?["account"] as? [String: Any]
            return [(status["account"] as? [String: Any])?["username"] as? String, inner?["username"] as? String].compactMap { $0 }
        })
    }

    func notificationSenders(_ http: TestHTTP) async throws -> [String] {
        try await http.call(API.Notifications.all(query: [("limit", "80")])).array.compactMap {
            ($0["account"] as? [String: Any])?["username"] as? String
        }
    }

    @Test("a mute for an hour without notifications: relationship, the mutes list with its end, home without them, notifications kept; it ends on the clock")
    func muteWithDuration() async throws {
        let clock = ManualClock()
        try await withInstance(clock: clock) { _, http in
            let tom = try await id(http, "tom")
            #expect(try await homeAuthors(http).contains("tom"))
            let muted = try await http.call(API.Safety.mute(id: tom, form: [("duration", "3600"), ("notifications", "false")]))
            #expect(muted.status == 200)
            #expect(muted.object["id"] as? String == tom)
            #expect(muted.object["muting"] as? Bool == true)
            #expect(muted.object["muting_notifications"] as? Bool == false)
            #expect(muted.object["blocking"] as? Bool == false)
            #expect(muted.object["following"] as? Bool == true)
            let list = try await http.call(API.Safety.mutes)
            #expect(list.array.map { $0["username"] as? String } == ["tom"])
            #expect(list.array.first?["mute_expires_at"] as? String == "2027-01-15T09:00:00.000Z")
            #expect(try await !homeAuthors(http).contains("tom"))
            #expect(try await notificationSenders(http).contains("tom"))
            let relationships = try await http.call(API.Accounts.relationships(query: [("id[]", tom)]))
            #expect(relationships.array.first?["muting"] as? Bool == true)

            clock.advance(by: .seconds(3601))
            #expect(try await http.call(API.Safety.mutes).array.isEmpty)
            #expect(try await homeAuthors(http).contains("tom"))
        }
    }

    @Test("the user stream leaves out a muted account's new posts and keeps the others'")
    func streamLeavesOutMuted() async throws {
        try await withInstance { instance, http in
            let user = try EventStreamReader(port: instance.port, path: API.Streaming.user(query: [("access_token", instance.ownerToken)]).target)
            _ = await user.read(until: ":)")
            _ = try await http.call(API.Safety.mute(id: try await id(http, "tom")))
            try instance.publish(as: "tom", text: "Muted words")
            try instance.publish(as: "marta", text: "Heard words")
            let heard = await user.read(until: "Heard words")
            #expect(heard.contains("Heard words"))
            #expect(!heard.contains("Muted words"))
        }
    }

    @Test("a mute for ever with notifications hides their notifications; unmute brings all back")
    func muteForever() async throws {
        try await withInstance { _, http in
            let tom = try await id(http, "tom")
            let muted = try await http.call(API.Safety.mute(id: tom))
            #expect(muted.object["muting_notifications"] as? Bool == true)
            let list = try await http.call(API.Safety.mutes)
            #expect(list.array.first?["mute_expires_at"] is NSNull)
            #expect(try await !notificationSenders(http).contains("tom"))
            let unmuted = try await http.call(API.Safety.unmute(id: tom))
            #expect(unmuted.object["muting"] as? Bool == false)
            #expect(try await notificationSenders(http).contains("tom"))
            let me = try await http.call(API.Accounts.verifyCredentials)
            let own = try await http.call(API.Safety.mute(id: try #require(me.object["id"] as? String)))
            #expect(own.status == 422)
        }
    }

    @Test("a blocked user's posts are gone from home, the public timeline and notifications; the follows end; unblock")
    func block() async throws {
        try await withInstance { _, http in
            let lucia = try await id(http, "lucia")
            #expect(try await homeAuthors(http).contains("lucia"))
            let blocked = try await http.call(API.Safety.block(id: lucia))
            #expect(blocked.status == 200)
            #expect(blocked.object["blocking"] as? Bool == true)
            #expect(blocked.object["following"] as? Bool == false)
            #expect(blocked.object["followed_by"] as? Bool == false)
            #expect(try await !homeAuthors(http).contains("lucia"))
            let local = try await http.call(API.Timelines.publicTimeline(query: [("limit", "40")])).array
            #expect(!local.contains { ($0["account"] as? [String: Any])?["username"] as? String == "lucia" })
            #expect(try await !notificationSenders(http).contains("lucia"))
            let list = try await http.call(API.Safety.blocks)
            #expect(list.array.map { $0["username"] as? String } == ["lucia"])
            #expect(list.array.first?["mute_expires_at"] == nil)
            let unblocked = try await http.call(API.Safety.unblock(id: lucia))
            #expect(unblocked.object["blocking"] as? Bool == false)
            #expect(try await http.call(API.Safety.blocks).array.isEmpty)
        }
    }

    @Test("domain blocks: added, listed, removed; the instance's own domain cannot be blocked")
    func domainBlocks() async throws {
        try await withInstance { instance, http in
            let added = try await http.call(API.Safety.blockDomain(form: [("domain", "Spam.Example")]))
            #expect(added.status == 200)
            #expect(String(decoding: added.body, as: UTF8.self) == "{}")
            #expect(try await http.call(API.Safety.domainBlocks).json as? [String] == ["spam.example"])
            let own = URL(string: instance.baseURL)!
            let refused = try await http.call(API.Safety.blockDomain(form: [("domain", "\(own.host!):\(own.port!)")]))
            #expect(refused.status == 422)
            let removed = try await http.call(API.Safety.unblockDomain(query: [("domain", "spam.example")]))
            #expect(removed.status == 200)
            #expect(try await http.call(API.Safety.domainBlocks).json as? [String] == [])
        }
    }

    @Test("a report with a reason, posts and a comment answers Mastodon's Report")
    func report() async throws {
        try await withInstance { _, http in
            let pablo = try await id(http, "pablo")
            let statuses = try await http.call(API.Accounts.statuses(id: pablo, query: [("limit", "2")])).array.compactMap { $0["id"] as? String }
            #expect(statuses.count == 2)
            let reply = try await http.call(API.Safety.report(form: [
                ("account_id", pablo), ("status_ids[]", statuses[0]), ("status_ids[]", statuses[1]),
                ("comment", "Posts the same link again and again"), ("category", "spam"),
            ]))
            #expect(reply.status == 200)
            #expect(reply.object["id"] as? String == "1")
            #expect(reply.object["category"] as? String == "spam")
            #expect(reply.object["comment"] as? String == "Posts the same link again and again")
            #expect(reply.object["action_taken"] as? Bool == false)
            #expect(reply.object["action_taken_at"] is NSNull)
            #expect(reply.object["forwarded"] as? Bool == false)
            #expect(reply.object["status_ids"] as? [String] == statuses)
            #expect(reply.object["rule_ids"] is NSNull)
            #expect(reply.object["created_at"] as? String == "2027-01-15T08:00:00.000Z")
            #expect((reply.object["target_account"] as? [String: Any])?["username"] as? String == "pablo")
            let tom = try await id(http, "tom")
            let wrong = try await http.call(API.Safety.report(form: [("account_id", tom), ("status_ids[]", statuses[0])]))
            #expect(wrong.status == 422)
            let badReason = try await http.call(API.Safety.report(form: [("account_id", pablo), ("category", "rude")]))
            #expect(badReason.status == 422)
        }
    }

    @Test("follow requests from the demo's locked accounts: listed, one accepted (now a follower), one rejected")
    func followRequests() async throws {
        try await withInstance { _, http in
            let requests = try await http.call(API.Safety.followRequests)
            #expect(requests.array.map { $0["username"] as? String } == ["kenji", "ines"])
            #expect(requests.array.map { $0["locked"] as? Bool } == [true, true])
            let source = try await http.call(API.Accounts.verifyCredentials).object["source"] as? [String: Any]
            #expect(source?["follow_requests_count"] as? Int == 2)
            let ines = try await id(http, "ines")
            let kenji = try await id(http, "kenji")
            let before = try await http.call(API.Accounts.relationships(query: [("id[]", ines)]))
            #expect(before.array.first?["requested_by"] as? Bool == true)
            let accepted = try await http.call(API.Safety.authorize(id: ines))
            #expect(accepted.status == 200)
            #expect(accepted.object["followed_by"] as? Bool == true)
            #expect(accepted.object["requested_by"] as? Bool == false)
            let rejected = try await http.call(API.Safety.reject(id: kenji))
            #expect(rejected.object["followed_by"] as? Bool == false)
            #expect(try await http.call(API.Safety.followRequests).array.isEmpty)
            #expect(try await http.call(API.Safety.reject(id: kenji)).status == 404)
            let followers = try await http.call(API.Accounts.followers(id: try await id(http, "owner"), query: [("limit", "80")]))
            #expect(followers.array.contains { $0["username"] as? String == "ines" })
            // Following a locked account asks first.
            let asked = try await http.call(API.Accounts.follow(id: kenji))
            #expect(asked.object["requested"] as? Bool == true)
            #expect(asked.object["following"] as? Bool == false)
        }
    }

    @Test("a muted conversation: the status says muted and its notifications stop; unmute")
    func muteConversation() async throws {
        try await withInstance { _, http in
            let notifications = try await http.call(API.Notifications.all(query: [("limit", "80"), ("types[]", "favourite")])).array
            let status = try #require(notifications.first?["status"] as? [String: Any])
            let statusID = try #require(status["id"] as? String)
            let count = notifications.filter { ($0["status"] as? [String: Any])?["id"] as? String == statusID }.count
            #expect(count > 0)
            let muted = try await http.call(API.Safety.muteConversation(id: statusID))
            #expect(muted.status == 200)
            #expect(muted.object["id"] as? String == statusID)
            #expect(muted.object["muted"] as? Bool == true)
            let after = try await http.call(API.Notifications.all(query: [("limit", "80"), ("types[]", "favourite")])).array
            #expect(!after.contains { ($0["status"] as? [String: Any])?["id"] as? String == statusID })
            let unmuted = try await http.call(API.Safety.unmuteConversation(id: statusID))
            #expect(unmuted.object["muted"] as? Bool == false)
            let again = try await http.call(API.Notifications.all(query: [("limit", "80"), ("types[]", "favourite")])).array
            #expect(again.filter { ($0["status"] as? [String: Any])?["id"] as? String == statusID }.count == count)
        }
    }
}

/// Filters changed after they were made: `PUT /api/v2/filters/:id` and the keywords endpoints.
@Suite("Local instance: editing filters")
struct FilterEditingTests {
    @Test("a filter is created, changed (action, contexts, expiry, a keyword added and one removed) and its keywords listed")
    func editFilter() async throws {
        try await withInstance { _, http in
            let created = try await http.call(API.Filters.create(form: [
                ("title", "Spoilers"), ("context[]", "home"), ("filter_action", "warn"),
                ("keywords_attributes[0][keyword]", "finale"), ("keywords_attributes[1][keyword]", "ending"),
            ]))
            #expect(created.status == 200)
            let id = try #require(created.object["id"] as? String)
            let keywords = try #require(created.object["keywords"] as? [[String: Any]])
            let ending = try #require(keywords.last?["id"] as? String)
            let changed = try await http.call(API.Filters.update(id: id, form: [
                ("filter_action", "hide"), ("context[]", "home"), ("context[]", "notifications"), ("expires_in", "86400"),
                ("keywords_attributes[0][keyword]", "last episode"), ("keywords_attributes[1][id]", ending),
                ("keywords_attributes[1][_destroy]", "true"),
            ]))
            #expect(changed.status == 200)
            #expect(changed.object["title"] as? String == "Spoilers")
            #expect(changed.object["filter_action"] as? String == "hide")
            #expect(changed.object["context"] as? [String] == ["home", "notifications"])
            #expect(changed.object["expires_at"] as? String == "2027-01-16T08:00:00.000Z")
            #expect((changed.object["keywords"] as? [[String: Any]])?.map { $0["keyword"] as? String } == ["finale", "last episode"])
            let never = try await http.call(API.Filters.update(id: id, form: [("expires_in", "")]))
            #expect(never.object["expires_at"] is NSNull)
            let listed = try await http.call(API.Filters.keywords(id: id))
            #expect(listed.array.map { $0["keyword"] as? String } == ["finale", "last episode"])
            #expect(listed.array.first?["whole_word"] as? Bool == true)
            let added = try await http.call(API.Filters.addKeyword(id: id, form: [("keyword", "season"), ("whole_word", "false")]))
            #expect(added.object["keyword"] as? String == "season")
            #expect(added.object["whole_word"] as? Bool == false)
            let removed = try await http.call(API.Filters.removeKeyword(id: try #require(added.object["id"] as? String)))
            #expect(removed.status == 200)
            #expect(try await http.call(API.Filters.keywords(id: id)).array.count == 2)
            #expect(try await http.call(API.Filters.update(id: id, form: [("filter_action", "shout")])).status == 422)
            #expect(try await http.call(API.Filters.update(id: "999", form: [("title", "x")])).status == 404)
        }
    }
}
