import Foundation
import LocalInstance
import MastodonAPI
import ParlaBaseTesting
import Testing

/// Followed hashtags, pins, private notes, profile changes and trends over real HTTP, in Mastodon's shapes.
@Suite("Local instance: the rest of an account")
struct AccountToolsTests {
    func id(_ http: TestHTTP, _ username: String) async throws -> String {
        try #require(try await http.call(API.Accounts.lookup(query: [("acct", username)])).object["id"] as? String)
    }

    @Test("following a hashtag brings its public posts by people not followed into home; the list and the tag say so; unfollowing takes them out")
    func followedHashtags() async throws {
        try await withInstance { _, http in
            func homeTags() async throws -> Set<String> {
                Set(try await http.call(API.Timelines.home(query: [("limit", "40")])).array.flatMap { status in
                    ((status["tags"] as? [[String: Any]]) ?? []).compactMap { ($0["name"] as? String)?.lowercased() }
                })
            }
            #expect(try await !homeTags().contains("birds"))
            let tag = try await http.call(API.Tags.tag(hashtag: "birds"))
            #expect(tag.object["following"] as? Bool == false)
            #expect((tag.object["history"] as? [[String: Any]])?.count == 7)
            let followed = try await http.call(API.Tags.follow(hashtag: "Birds"))
            #expect(followed.status == 200)
            #expect(followed.object["following"] as? Bool == true)
            #expect(followed.object["name"] as? String == "birds")
            #expect(try await http.call(API.Tags.followed).array.map { $0["name"] as? String } == ["birds"])
            #expect(try await homeTags().contains("birds"))
            #expect(try await http.call(API.Tags.unfollow(hashtag: "birds")).object["following"] as? Bool == false)
            #expect(try await http.call(API.Tags.followed).array.isEmpty)
            #expect(try await !homeTags().contains("birds"))
            #expect(try await http.call(API.Tags.follow(hashtag: "no such")).status == 404)
        }
    }

    @Test("the home stream hears a new public post with a followed hashtag by someone not followed")
    func followedHashtagInTheStream() async throws {
        try await withInstance { instance, http in
            let user = try EventStreamReader(port: instance.port, path: API.Streaming.user(query: [("access_token", instance.ownerToken)]).target)
            _ = await user.read(until: ":)")
            _ = try await http.call(API.Tags.follow(hashtag: "birds"))
            try instance.publish(as: "nora", text: "A kingfisher at the weir #birds")
            try instance.publish(as: "nora", text: "Nothing tagged")
            try instance.publish(as: "marta", text: "Heard words")
            let heard = await user.read(until: "Heard words")
            #expect(heard.contains("A kingfisher at the weir"))
            #expect(!heard.contains("Nothing tagged"))
        }
    }

    @Test("pins: the post says it, the profile's pinned=true lists it, a sixth is refused, another's post is not found, unpinning ends it")
    func pins() async throws {
        try await withInstance { _, http in
            var mine: [String] = []
            for number in 1...6 {
                let posted = try await http.call(API.Statuses.publish(form: [("status", "Pin me \(number)")]))
                mine.append(try #require(posted.object["id"] as? String))
            }
            let pinned = try await http.call(API.Statuses.pin(id: mine[0]))
            #expect(pinned.status == 200)
            #expect(pinned.object["pinned"] as? Bool == true)
            let me = try #require(try await http.call(API.Accounts.verifyCredentials()).object["id"] as? String)
            #expect(try await http.call(API.Accounts.statuses(id: me, query: [("pinned", "true")])).array.map { $0["id"] as? String } == [mine[0]])
            for id in mine[1...4] { #expect(try await http.call(API.Statuses.pin(id: id)).status == 200) }
            let sixth = try await http.call(API.Statuses.pin(id: mine[5]))
            #expect(sixth.status == 422)
            #expect(sixth.object["error"] as? String == "Validation failed: You have already pinned the maximum number of posts")
            let lucia = try await id(http, "lucia")
            let hers = try #require(try await http.call(API.Accounts.statuses(id: lucia, query: [("limit", "1")])).array.first?["id"] as? String)
            #expect(try await http.call(API.Statuses.pin(id: hers)).status == 404)
            #expect(try await http.call(API.Statuses.unpin(id: mine[0])).object["pinned"] as? Bool == false)
            #expect(try await http.call(API.Statuses.status(id: mine[1])).object["pinned"] as? Bool == true)
            #expect(try await http.call(API.Accounts.statuses(id: me, query: [("pinned", "true")])).array.count == 4)
        }
    }

    @Test("a private note is kept in the relationship and removed by an empty comment")
    func notes() async throws {
        try await withInstance { _, http in
            let lucia = try await id(http, "lucia")
            let set = try await http.call(API.Accounts.note(id: lucia, form: [("comment", "Met at the estuary count")]))
            #expect(set.status == 200)
            #expect(set.object["note"] as? String == "Met at the estuary count")
            #expect(try await http.call(API.Accounts.relationships(query: [("id[]", lucia)])).array.first?["note"] as? String == "Met at the estuary count")
            #expect(try await http.call(API.Accounts.note(id: lucia, form: [("comment", "")])).object["note"] as? String == "")
            #expect(try await http.call(API.Accounts.note(id: "999999", form: [("comment", "x")])).status == 404)
        }
    }

    @Test("update_credentials changes name, bio, fields and locked from a form or JSON, and refuses five fields or a long name")
    func updateCredentials() async throws {
        try await withInstance { _, http in
            let form = try await http.call(API.Accounts.updateCredentials(form: [
                ("display_name", "Dani"), ("note", "Birds & bread."), ("locked", "true"),
                ("fields_attributes[0][name]", "Town"), ("fields_attributes[0][value]", "Girona"),
                ("fields_attributes[1][name]", "Birds"), ("fields_attributes[1][value]", "herons"),
            ]))
            #expect(form.status == 200)
            #expect(form.object["display_name"] as? String == "Dani")
            #expect(form.object["locked"] as? Bool == true)
            #expect(form.object["note"] as? String == "<p>Birds &amp; bread.</p>")
            let source = try #require(form.object["source"] as? [String: Any])
            #expect(source["note"] as? String == "Birds & bread.")
            #expect((form.object["fields"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Town", "Birds"])
            let json = try await http.call(
                API.Accounts.updateCredentials, json: #"{"locked": false, "fields_attributes": [{"name": "Pronouns", "value": "he/him"}]}"#)
            #expect(json.status == 200)
            #expect(json.object["locked"] as? Bool == false)
            #expect(json.object["display_name"] as? String == "Dani")
            #expect((json.object["fields"] as? [[String: Any]])?.map { $0["value"] as? String } == ["he/him"])
            let five = (0..<5).flatMap { [("fields_attributes[\($0)][name]", "n\($0)"), ("fields_attributes[\($0)][value]", "v")] }
            #expect(try await http.call(API.Accounts.updateCredentials(form: five)).status == 422)
            #expect(try await http.call(API.Accounts.updateCredentials(form: [("display_name", String(repeating: "a", count: 31))])).status == 422)
            #expect(try await http.call(API.Accounts.verifyCredentials()).object["display_name"] as? String == "Dani")
        }
    }

    @Test("trends: posts with boosts or favourites, most first; hashtags with seven days of history; links with their cards")
    func trends() async throws {
        try await withInstance { _, http in
            let statuses = try await http.call(API.Trends.statuses(query: [("limit", "5")])).array
            #expect(!statuses.isEmpty)
            let scores = statuses.map { ($0["favourites_count"] as? Int ?? 0) + ($0["reblogs_count"] as? Int ?? 0) }
            #expect(scores == scores.sorted(by: >))
            #expect(scores.allSatisfy { $0 > 0 })
            let tags = try await http.call(API.Trends.tags(query: [("limit", "3")])).array
            #expect(tags.count == 3)
            #expect(tags.allSatisfy { ($0["history"] as? [[String: Any]])?.count == 7 })
            let links = try await http.call(API.Trends.links).array
            #expect(links.contains { $0["url"] as? String == "https://github.com/espeak-ng/espeak-ng" })
            #expect(links.allSatisfy { $0["type"] as? String == "link" })
        }
    }
}
