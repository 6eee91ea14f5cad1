import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import LocalInstance
import ParlaBase
import ParlaBaseTesting
import Testing
import TestSupport

@Suite("Local instance: the AT Protocol (XRPC) face over real HTTP")
struct BlueskyXRPCTests {
    /// The UTF-8 bytes of `text` a facet's index covers.
    static func slice(_ text: String, _ facet: [String: Any]) -> String {
        let index = facet["index"] as? [String: Any] ?? [:]
        let start = index["byteStart"] as? Int ?? 0
        let end = index["byteEnd"] as? Int ?? 0
        let bytes = Array(text.utf8)
        guard start >= 0, end <= bytes.count, start < end else { return "" }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    @Test("members have stable handles and DIDs: a handle resolves to the DID the profile names")
    func handlesResolveToStableDIDs() async throws {
        try await withInstance { instance, _ in
            let (client, session) = try await XRPCTestClient.login(instance)
            #expect(session["handle"] as? String == "owner.parla.test")
            let did = try #require(session["did"] as? String)
            #expect(did.hasPrefix("did:plc:") && did.count == 32)
            let resolved = try await client.query("com.atproto.identity.resolveHandle", [("handle", "lucia.parla.test")])
            let lucia = try #require(resolved.object["did"] as? String)
            let profile = try await client.query("app.bsky.actor.getProfile", [("actor", lucia)])
            #expect(profile.object["handle"] as? String == "lucia.parla.test")
            #expect(profile.object["displayName"] as? String == "Lucía Fernández")
            #expect((profile.object["viewer"] as? [String: Any])?["following"] is String)
            let unknown = try await client.query("com.atproto.identity.resolveHandle", [("handle", "nobody.parla.test")])
            #expect(unknown.status == 400)
            #expect(unknown.object["error"] as? String == "InvalidRequest")
        }
    }

    @Test("an access token expires into 400 ExpiredToken, refreshSession gives a new one, and createSession is counted once")
    func expiredTokenThenRefresh() async throws {
        let clock = ManualClock()
        try await withInstance(clock: clock) { instance, _ in
            let (client, session) = try await XRPCTestClient.login(instance)
            #expect(instance.blueskySessionsCreated == 1)
            #expect(try await client.query("app.bsky.feed.getTimeline", [("limit", "1")]).status == 200)
            clock.advance(by: InstanceConfiguration.defaultBlueskyAccessTTL + .seconds(1))
            let expired = try await client.query("app.bsky.feed.getTimeline", [("limit", "1")])
            #expect(expired.status == 400)
            #expect(expired.object["error"] as? String == "ExpiredToken")
            #expect(expired.object["message"] is String)
            let refresh = try #require(session["refreshJwt"] as? String)
            let refreshed = try await client.with(token: refresh).procedure("com.atproto.server.refreshSession", [:])
            #expect(refreshed.status == 200)
            let access = try #require(refreshed.object["accessJwt"] as? String)
            #expect(try await client.with(token: access).query("app.bsky.feed.getTimeline", [("limit", "1")]).status == 200)
            // The old refresh token was rotated out.
            let again = try await client.with(token: refresh).procedure("com.atproto.server.refreshSession", [:])
            #expect(again.status == 401)
            #expect(again.object["error"] as? String == "InvalidToken")
            #expect(instance.blueskySessionsCreated == 1)
            let wrong = try await client.with(token: nil).procedure(
                "com.atproto.server.createSession", ["identifier": "owner.parla.test", "password": "guess"])
            #expect(wrong.status == 401)
            #expect(wrong.object["error"] as? String == "AuthenticationRequired")
            #expect(instance.blueskySessionsCreated == 1)
        }
    }

    @Test("home pages through cursors completely and stably: the pages put together are the one long page")
    func timelineCursorPaging() async throws {
        try await withInstance { instance, _ in
            let (client, _) = try await XRPCTestClient.login(instance)
            let whole = try await client.query("app.bsky.feed.getTimeline", [("limit", "100")])
            let all = (whole.object["feed"] as? [[String: Any]] ?? []).map(Self.itemKey)
            #expect(all.count > 20)
            #expect(whole.object["cursor"] == nil)
            var paged: [String] = []
            var cursor: String?
            var pages = 0
            repeat {
                var parameters = [("limit", "7")]
                if let cursor { parameters.append(("cursor", cursor)) }
                let page = try await client.query("app.bsky.feed.getTimeline", parameters)
                #expect(page.status == 200)
                paged += (page.object["feed"] as? [[String: Any]] ?? []).map(Self.itemKey)
                cursor = page.object["cursor"] as? String
                pages += 1
            } while cursor != nil && pages < 50
            #expect(paged == all)
            let tooMany = try await client.query("app.bsky.feed.getTimeline", [("limit", "101")])
            #expect(tooMany.status == 400)
            #expect(tooMany.object["error"] as? String == "InvalidRequest")
        }
    }

    /// A feed item's identity: the post, and the repost that brought it.
    static func itemKey(_ item: [String: Any]) -> String {
        let post = (item["post"] as? [String: Any])?["uri"] as? String ?? ""
        let reason = (item["reason"] as? [String: Any])?["uri"] as? String ?? ""
        return post + " " + reason
    }

    @Test("a like is a record: createRecord fills viewer.like and the count, deleteRecord of that URI undoes both")
    func likeThenUnlike() async throws {
        try await withInstance { instance, http in
            let (client, session) = try await XRPCTestClient.login(instance)
            let feed = try await client.query("app.bsky.feed.getTimeline", [("limit", "40")])
            let posts = (feed.object["feed"] as? [[String: Any]] ?? []).compactMap { $0["post"] as? [String: Any] }
            let post = try #require(posts.first { (($0["viewer"] as? [String: Any])?["like"]) == nil })
            let uri = try #require(post["uri"] as? String)
            let likes = post["likeCount"] as? Int ?? -1
            let created = try await client.procedure("com.atproto.repo.createRecord", [
                "repo": session["did"]!, "collection": "app.bsky.feed.like",
                "record": ["$type": "app.bsky.feed.like", "subject": ["uri": uri, "cid": post["cid"]!], "createdAt": "2027-01-15T08:00:00.000Z"],
            ])
            #expect(created.status == 200)
            let likeURI = try #require(created.object["uri"] as? String)
            #expect(likeURI.hasPrefix("at://\(session["did"]!)/app.bsky.feed.like/"))
            #expect((created.object["cid"] as? String)?.hasPrefix("bafyrei") == true)
            let liked = try await client.query("app.bsky.feed.getPosts", [("uris", uri)])
            let likedPost = try #require((liked.object["posts"] as? [[String: Any]])?.first)
            #expect((likedPost["viewer"] as? [String: Any])?["like"] as? String == likeURI)
            #expect(likedPost["likeCount"] as? Int == likes + 1)
            // The same favourite on the Mastodon face.
            let statusID = String(try #require(ATIdentifiers.id(tid: String(uri.split(separator: "/").last!))))
            #expect(try await http.get("/api/v1/statuses/\(statusID)").object["favourited"] as? Bool == true)
            let record = try await client.query("com.atproto.repo.getRecord", [
                ("repo", session["did"] as! String), ("collection", "app.bsky.feed.like"), ("rkey", String(likeURI.split(separator: "/").last!)),
            ])
            #expect(((record.object["value"] as? [String: Any])?["subject"] as? [String: Any])?["uri"] as? String == uri)
            let deleted = try await client.procedure("com.atproto.repo.deleteRecord", [
                "repo": session["did"]!, "collection": "app.bsky.feed.like", "rkey": String(likeURI.split(separator: "/").last!),
            ])
            #expect(deleted.status == 200)
            let unliked = try await client.query("app.bsky.feed.getPosts", [("uris", uri)])
            let unlikedPost = try #require((unliked.object["posts"] as? [[String: Any]])?.first)
            #expect((unlikedPost["viewer"] as? [String: Any])?["like"] == nil)
            #expect(unlikedPost["likeCount"] as? Int == likes)
            #expect(try await http.get("/api/v1/statuses/\(statusID)").object["favourited"] as? Bool == false)
            let gone = try await client.query("com.atproto.repo.getRecord", [
                ("repo", session["did"] as! String), ("collection", "app.bsky.feed.like"), ("rkey", String(likeURI.split(separator: "/").last!)),
            ])
            #expect(gone.status == 400)
            #expect(gone.object["error"] as? String == "RecordNotFound")
        }
    }

    @Test("a post's facets round-trip byte for byte, and demo posts get facets whose UTF-8 ranges cover their mentions (by handle, as Bluesky writes them), links and tags")
    func facetsRoundTrip() async throws {
        try await withInstance { instance, _ in
            let (client, _) = try await XRPCTestClient.login(instance)
            let lucia = try #require(try await client.query("com.atproto.identity.resolveHandle", [("handle", "lucia.parla.test")]).object["did"] as? String)
            let text = "Año 🎉 con @lucia.parla.test: https://example.org/ñ #lectura"
            func range(_ piece: String) -> [String: Int] {
                let start = text.utf8.count - text[text.range(of: piece)!.lowerBound...].utf8.count
                return ["byteStart": start, "byteEnd": start + piece.utf8.count]
            }
            let facets: [[String: Any]] = [
                ["index": range("@lucia.parla.test"), "features": [["$type": "app.bsky.richtext.facet#mention", "did": lucia]]],
                ["index": range("https://example.org/ñ"), "features": [["$type": "app.bsky.richtext.facet#link", "uri": "https://example.org/%C3%B1"]]],
                ["index": range("#lectura"), "features": [["$type": "app.bsky.richtext.facet#tag", "tag": "lectura"]]],
            ]
            let created = try await client.procedure("com.atproto.repo.createRecord", [
                "repo": "owner.parla.test", "collection": "app.bsky.feed.post",
                "record": ["$type": "app.bsky.feed.post", "text": text, "facets": facets, "langs": ["es"], "createdAt": "2027-01-15T08:00:00.000Z"],
            ])
            #expect(created.status == 200)
            let uri = try #require(created.object["uri"] as? String)
            let thread = try await client.query("app.bsky.feed.getPostThread", [("uri", uri)])
            let post = try #require((thread.object["thread"] as? [String: Any])?["post"] as? [String: Any])
            let record = try #require(post["record"] as? [String: Any])
            #expect(record["text"] as? String == text)
            let returned = try #require(record["facets"] as? [[String: Any]])
            #expect(returned.map { Self.slice(text, $0) } == ["@lucia.parla.test", "https://example.org/ñ", "#lectura"])
            #expect(NSDictionary(dictionary: ["f": returned]).isEqual(to: ["f": facets]))
            #expect(post["cid"] as? String == created.object["cid"] as? String)
            // Demo posts: every facet covers what it names.
            let feed = try await client.query("app.bsky.feed.getTimeline", [("limit", "100")])
            let records = (feed.object["feed"] as? [[String: Any]] ?? []).compactMap { ($0["post"] as? [String: Any])?["record"] as? [String: Any] }
                .filter { $0["text"] as? String != text }
            var checked = 0
            var mentions: [String] = []
            for record in records {
                let text = record["text"] as? String ?? ""
                for facet in record["facets"] as? [[String: Any]] ?? [] {
                    let feature = (facet["features"] as? [[String: Any]])?.first ?? [:]
                    let covered = Self.slice(text, facet)
                    switch feature["$type"] as? String {
                    case "app.bsky.richtext.facet#mention": mentions.append(covered)
                    case "app.bsky.richtext.facet#tag": #expect(covered == "#" + (feature["tag"] as? String ?? ""))
                    case "app.bsky.richtext.facet#link": #expect(covered == feature["uri"] as? String)
                    default: Issue.record("unknown facet \(feature)")
                    }
                    checked += 1
                }
            }
            #expect(checked > 5)
            // A member is mentioned by their handle ("@ana.parla.test"), never by the Mastodon username alone.
            #expect(!mentions.isEmpty)
            #expect(mentions.filter { !($0.hasPrefix("@") && $0.hasSuffix(".parla.test")) } == [])
        }
    }

    @Test("errors are XRPC's: {error, message} with the lexicon's status, an unknown method 501, and Bluesky's rate-limit headers and 429")
    func errorsAndRateLimits() async throws {
        let clock = ManualClock()
        try await withInstance(rateLimit: RateLimitPolicy(limit: 4, window: .seconds(300)), clock: clock) { instance, _ in
            let anonymous = XRPCTestClient(http: TestHTTP(baseURL: instance.baseURL, token: nil))
            let described = try await anonymous.query("com.atproto.server.describeServer")
            #expect(described.status == 200)
            #expect(described.object["availableUserDomains"] as? [String] == [".parla.test"])
            #expect(described.header("RateLimit-Limit") == "4")
            #expect(described.header("RateLimit-Remaining") == "3")
            #expect(described.header("RateLimit-Policy") == "4;w=300")
            #expect(described.header("RateLimit-Reset") == "1800000300")
            let unauthenticated = try await anonymous.query("app.bsky.feed.getTimeline")
            #expect(unauthenticated.status == 401)
            #expect(unauthenticated.object["error"] as? String == "AuthenticationRequired")
            let unknown = try await anonymous.query("app.bsky.feed.getNothing")
            #expect(unknown.status == 501)
            #expect(unknown.object["error"] as? String == "MethodNotImplemented")
            _ = try await anonymous.query("com.atproto.server.describeServer")
            let limited = try await anonymous.query("com.atproto.server.describeServer")
            #expect(limited.status == 429)
            #expect(limited.object["error"] as? String == "RateLimitExceeded")
            #expect(limited.header("Retry-After") == "300")
            #expect(limited.header("RateLimit-Remaining") == "0")
        }
    }

    @Test("a reply, a repost and a follow are rows of the same community: thread order, the repost's reason and the follow's record")
    func replyRepostFollow() async throws {
        try await withInstance { instance, _ in
            let (client, session) = try await XRPCTestClient.login(instance)
            let did = session["did"] as! String
            func create(_ collection: String, _ record: [String: Any]) async throws -> [String: Any] {
                var record = record
                record["$type"] = collection
                record["createdAt"] = "2027-01-15T08:00:00.000Z"
                let reply = try await client.procedure("com.atproto.repo.createRecord", ["repo": did, "collection": collection, "record": record])
                #expect(reply.status == 200)
                return reply.object
            }
            let root = try await create("app.bsky.feed.post", ["text": "First of a thread"])
            let ref = ["uri": root["uri"]!, "cid": root["cid"]!]
            let child = try await create("app.bsky.feed.post", ["text": "Second", "reply": ["root": ref, "parent": ref]])
            let thread = try await client.query("app.bsky.feed.getPostThread", [("uri", child["uri"] as! String)])
            let node = try #require(thread.object["thread"] as? [String: Any])
            #expect(node["$type"] as? String == "app.bsky.feed.defs#threadViewPost")
            #expect(((node["parent"] as? [String: Any])?["post"] as? [String: Any])?["uri"] as? String == root["uri"] as? String)
            let rootThread = try await client.query("app.bsky.feed.getPostThread", [("uri", root["uri"] as! String)])
            let replies = (rootThread.object["thread"] as? [String: Any])?["replies"] as? [[String: Any]] ?? []
            #expect(replies.compactMap { ($0["post"] as? [String: Any])?["uri"] as? String } == [child["uri"] as! String])

            let nora = try #require(try await client.query("com.atproto.identity.resolveHandle", [("handle", "nora.parla.test")]).object["did"] as? String)
            let follow = try await create("app.bsky.graph.follow", ["subject": nora])
            let profile = try await client.query("app.bsky.actor.getProfile", [("actor", "nora.parla.test")])
            #expect((profile.object["viewer"] as? [String: Any])?["following"] as? String == follow["uri"] as? String)
            let noraFeed = try await client.query("app.bsky.feed.getAuthorFeed", [("actor", nora), ("limit", "1")])
            let noraPost = try #require(((noraFeed.object["feed"] as? [[String: Any]])?.first)?["post"] as? [String: Any])
            let repost = try await create("app.bsky.feed.repost", ["subject": ["uri": noraPost["uri"]!, "cid": noraPost["cid"]!]])
            let mine = try await client.query("app.bsky.feed.getAuthorFeed", [("actor", did), ("limit", "1")])
            let item = try #require((mine.object["feed"] as? [[String: Any]])?.first)
            let reason = try #require(item["reason"] as? [String: Any])
            #expect(reason["$type"] as? String == "app.bsky.feed.defs#reasonRepost")
            #expect(reason["uri"] as? String == repost["uri"] as? String)
            #expect(((item["post"] as? [String: Any])?["viewer"] as? [String: Any])?["repost"] as? String == repost["uri"] as? String)
            let reposters = try await client.query("app.bsky.feed.getRepostedBy", [("uri", noraPost["uri"] as! String)])
            #expect((reposters.object["repostedBy"] as? [[String: Any]])?.compactMap { $0["did"] as? String }.contains(did) == true)
        }
    }

    @Test("notifications carry Bluesky's reasons, updateSeen marks them read and the unread count falls to zero")
    func notificationsAndSeen() async throws {
        try await withInstance { instance, _ in
            let (client, _) = try await XRPCTestClient.login(instance)
            let listed = try await client.query("app.bsky.notification.listNotifications", [("limit", "50")])
            let items = listed.object["notifications"] as? [[String: Any]] ?? []
            #expect(!items.isEmpty)
            let reasons = Set(items.compactMap { $0["reason"] as? String })
            #expect(reasons.isSubset(of: ["like", "repost", "follow", "mention", "reply", "quote"]))
            #expect(reasons.contains("like") && reasons.contains("follow"))
            for item in items where item["reason"] as? String == "like" {
                #expect((item["uri"] as? String)?.contains("/app.bsky.feed.like/") == true)
                #expect((item["reasonSubject"] as? String)?.contains("/app.bsky.feed.post/") == true)
            }
            let unread = try await client.query("app.bsky.notification.getUnreadCount")
            #expect((unread.object["count"] as? Int ?? 0) > 0)
            let newest = try #require(items.first?["indexedAt"] as? String)
            #expect(try await client.procedure("app.bsky.notification.updateSeen", ["seenAt": newest]).status == 200)
            #expect(try await client.query("app.bsky.notification.getUnreadCount").object["count"] as? Int == 0)
            let again = try await client.query("app.bsky.notification.listNotifications", [("limit", "5")])
            #expect((again.object["notifications"] as? [[String: Any]] ?? []).allSatisfy { $0["isRead"] as? Bool == true })
        }
    }

    @Test("the demo's custom feeds are saved in the preferences and read through getFeed; an image with alt text round-trips through uploadBlob")
    func customFeedsAndImages() async throws {
        try await withInstance { instance, _ in
            let (client, session) = try await XRPCTestClient.login(instance)
            let preferences = try await client.query("app.bsky.actor.getPreferences")
            let saved = (preferences.object["preferences"] as? [[String: Any]] ?? []).first { $0["$type"] as? String == "app.bsky.actor.defs#savedFeedsPrefV2" }
            let feeds = (saved?["items"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == "feed" }.compactMap { $0["value"] as? String }
            #expect(feeds.count == 2)
            let generators = try await client.query("app.bsky.feed.getFeedGenerators", feeds.map { ("feeds", $0) })
            #expect((generators.object["feeds"] as? [[String: Any]])?.compactMap { $0["displayName"] as? String } == ["Discover", "Pictures"])
            let pictures = try await client.query("app.bsky.feed.getFeed", [("feed", feeds[1]), ("limit", "10")])
            let embeds = (pictures.object["feed"] as? [[String: Any]] ?? []).compactMap { (($0["post"] as? [String: Any])?["embed"] as? [String: Any])?["$type"] as? String }
            #expect(!embeds.isEmpty)

            var request = URLRequest(url: URL(string: instance.baseURL + "/xrpc/com.atproto.repo.uploadBlob")!)
            request.httpMethod = "POST"
            request.setValue("image/png", forHTTPHeaderField: "Content-Type")
            request.setValue("Bearer \(client.http.token!)", forHTTPHeaderField: "Authorization")
            request.httpBody = WritingTests.png
            let (data, _) = try await URLSession.shared.data(for: request)
            let blob = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["blob"] as? [String: Any])
            let created = try await client.procedure("com.atproto.repo.createRecord", [
                "repo": session["did"]!, "collection": "app.bsky.feed.post",
                "record": [
                    "$type": "app.bsky.feed.post", "text": "A heron", "createdAt": "2027-01-15T08:00:00.000Z",
                    "embed": ["$type": "app.bsky.embed.images", "images": [["image": blob, "alt": "A grey heron on one leg"]]],
                ],
            ])
            let posts = try await client.query("app.bsky.feed.getPosts", [("uris", created.object["uri"] as! String)])
            let embed = try #require(((posts.object["posts"] as? [[String: Any]])?.first)?["embed"] as? [String: Any])
            #expect(embed["$type"] as? String == "app.bsky.embed.images#view")
            let image = try #require((embed["images"] as? [[String: Any]])?.first)
            #expect(image["alt"] as? String == "A grey heron on one leg")
            let (fetched, _) = try await URLSession.shared.data(from: URL(string: image["fullsize"] as! String)!)
            #expect(fetched == WritingTests.png)
        }
    }

    @Test("direct messages go through chat.bsky with the atproto-proxy header; another service is refused")
    func chatThroughProxy() async throws {
        try await withInstance { instance, _ in
            let (client, _) = try await XRPCTestClient.login(instance)
            let proxy = ["atproto-proxy": "did:web:api.bsky.chat#bsky_chat"]
            let convo = try await client.query("chat.bsky.convo.getConvoForMembers", [("members", "tom.parla.test")], headers: proxy)
            let id = try #require((convo.object["convo"] as? [String: Any])?["id"] as? String)
            let sent = try await client.procedure("chat.bsky.convo.sendMessage", ["convoId": id, "message": ["text": "Hola, Tom"]], headers: proxy)
            #expect(sent.object["text"] as? String == "Hola, Tom")
            let messages = try await client.query("chat.bsky.convo.getMessages", [("convoId", id)], headers: proxy)
            #expect((messages.object["messages"] as? [[String: Any]])?.compactMap { $0["text"] as? String } == ["Hola, Tom"])
            let listed = try await client.query("chat.bsky.convo.listConvos", headers: proxy)
            #expect((listed.object["convos"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [id])
            let elsewhere = try await client.query("chat.bsky.convo.listConvos", headers: ["atproto-proxy": "did:web:example.com#bsky_chat"])
            #expect(elsewhere.status == 400)
        }
    }

    @Test("the owner's list, its feed and members; quotes; muting a person and a thread; a report; the profile record; the session count over the admin route")
    func listsQuotesMutesReports() async throws {
        try await withInstance(adminSecret: "bsky-admin") { instance, _ in
            let (client, session) = try await XRPCTestClient.login(instance)
            let did = session["did"] as! String
            let lists = try await client.query("app.bsky.graph.getLists", [("actor", did)])
            let list = try #require((lists.object["lists"] as? [[String: Any]])?.first)
            #expect(list["name"] as? String == "Accessibility")
            let listURI = try #require(list["uri"] as? String)
            let members = try await client.query("app.bsky.graph.getList", [("list", listURI)])
            #expect((members.object["items"] as? [[String: Any]])?.count == list["listItemCount"] as? Int)
            let listFeed = try await client.query("app.bsky.feed.getListFeed", [("list", listURI), ("limit", "5")])
            #expect((listFeed.object["feed"] as? [[String: Any]])?.count == 5)

            let tom = try await client.query("app.bsky.feed.getAuthorFeed", [("actor", "tom.parla.test"), ("filter", "posts_no_replies"), ("limit", "1")])
            let tomPost = try #require(((tom.object["feed"] as? [[String: Any]])?.first)?["post"] as? [String: Any])
            let quote = try await client.procedure("com.atproto.repo.createRecord", [
                "repo": did, "collection": "app.bsky.feed.post",
                "record": [
                    "$type": "app.bsky.feed.post", "text": "Worth reading", "createdAt": "2027-01-15T08:00:00.000Z",
                    "embed": ["$type": "app.bsky.embed.record", "record": ["uri": tomPost["uri"]!, "cid": tomPost["cid"]!]],
                ],
            ])
            let quotes = try await client.query("app.bsky.feed.getQuotes", [("uri", tomPost["uri"] as! String)])
            #expect((quotes.object["posts"] as? [[String: Any]])?.compactMap { $0["uri"] as? String } == [quote.object["uri"] as! String])
            let quoted = try #require((quotes.object["posts"] as? [[String: Any]])?.first?["embed"] as? [String: Any])
            #expect((quoted["record"] as? [String: Any])?["uri"] as? String == tomPost["uri"] as? String)

            #expect(try await client.procedure("app.bsky.graph.muteActor", ["actor": "tom.parla.test"]).status == 200)
            let muted = try await client.query("app.bsky.actor.getProfiles", [("actors", "tom.parla.test"), ("actors", "nora.parla.test")])
            #expect((muted.object["profiles"] as? [[String: Any]])?.compactMap { ($0["viewer"] as? [String: Any])?["muted"] as? Bool } == [true, false])
            #expect(try await client.procedure("app.bsky.graph.unmuteActor", ["actor": "tom.parla.test"]).status == 200)
            #expect(try await client.procedure("app.bsky.graph.muteThread", ["root": quote.object["uri"]!]).status == 200)
            let thread = try await client.query("app.bsky.feed.getPosts", [("uris", quote.object["uri"] as! String)])
            #expect((((thread.object["posts"] as? [[String: Any]])?.first)?["viewer"] as? [String: Any])?["threadMuted"] as? Bool == true)

            let report = try await client.procedure("com.atproto.moderation.createReport", [
                "reasonType": "com.atproto.moderation.defs#reasonSpam", "reason": "Selling things",
                "subject": ["$type": "com.atproto.repo.strongRef", "uri": tomPost["uri"]!, "cid": tomPost["cid"]!],
            ])
            #expect(report.status == 200)
            #expect(report.object["reportedBy"] as? String == did)

            let renamed = try await client.procedure("com.atproto.repo.putRecord", [
                "repo": did, "collection": "app.bsky.actor.profile", "rkey": "self",
                "record": ["$type": "app.bsky.actor.profile", "displayName": "Dani Reyes", "description": "Bookbinder"],
            ])
            #expect(renamed.status == 200)
            #expect(try await client.query("app.bsky.actor.getProfile", [("actor", did)]).object["displayName"] as? String == "Dani Reyes")

            let count = try await client.with(token: nil).http.request("GET", "/parla-admin/bsky-sessions", headers: ["X-Parla-Admin-Secret": "bsky-admin"])
            #expect(count.object["createSession"] as? Int == 1)
        }
    }

    @Test("hostile XRPC input is refused before it is parsed, as on the Mastodon face: nesting, parameters, text over the limit")
    func hostileInputRefused() async throws {
        try await withInstance { instance, _ in
            let (client, session) = try await XRPCTestClient.login(instance)
            let nested = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
            let deep = try await client.http.request("POST", "/xrpc/com.atproto.repo.createRecord", json: "{\"record\": \(nested)}")
            #expect(deep.status == 400)
            #expect(deep.object["error"] as? String == "InvalidRequest")
            let many = (0..<1_001).map { "uris=at://x/app.bsky.feed.post/\($0)" }.joined(separator: "&")
            let crowded = try await client.http.request("GET", "/xrpc/app.bsky.feed.getPosts?" + many)
            #expect(crowded.status == 400)
            let long = try await client.procedure("com.atproto.repo.createRecord", [
                "repo": session["did"]!, "collection": "app.bsky.feed.post",
                "record": ["$type": "app.bsky.feed.post", "text": String(repeating: "ñ", count: 301), "createdAt": "2027-01-15T08:00:00.000Z"],
            ])
            #expect(long.status == 400)
            #expect(long.object["message"] as? String == "Record/text must not be longer than 300 graphemes")
            let someoneElses = try await client.procedure("com.atproto.repo.createRecord", [
                "repo": "lucia.parla.test", "collection": "app.bsky.feed.post",
                "record": ["$type": "app.bsky.feed.post", "text": "Not mine", "createdAt": "2027-01-15T08:00:00.000Z"],
            ])
            #expect(someoneElses.status == 400)
            // Search and the author feed's filters read the same posts.
            let found = try await client.query("app.bsky.feed.searchPosts", [("q", "heron")])
            #expect(found.status == 200)
            let media = try await client.query("app.bsky.feed.getAuthorFeed", [("actor", "nora.parla.test"), ("filter", "posts_with_media")])
            let posts = (media.object["feed"] as? [[String: Any]] ?? []).compactMap { $0["post"] as? [String: Any] }
            #expect(!posts.isEmpty)
            #expect(posts.allSatisfy { ($0["embed"] as? [String: Any])?["$type"] as? String == "app.bsky.embed.images#view" })
            let people = try await client.query("app.bsky.actor.searchActors", [("q", "nora.parla.test")])
            #expect((people.object["actors"] as? [[String: Any]])?.first?["handle"] as? String == "nora.parla.test")
        }
    }

    @Test("Bluesky has no custom emoji: display names are served without the server's shortcodes")
    func displayNamesCarryNoCustomEmojiShortcodes() async throws {
        try await withInstance { instance, _ in
            let (client, _) = try await XRPCTestClient.login(instance)
            let profile = try await client.query("app.bsky.actor.getProfile", [("actor", "amara.parla.test")])
            #expect(profile.object["displayName"] as? String == "Amara Okafor")
            let record = try await client.query("com.atproto.repo.getRecord", [
                ("repo", "amara.parla.test"), ("collection", "app.bsky.actor.profile"), ("rkey", "self"),
            ])
            #expect((record.object["value"] as? [String: Any])?["displayName"] as? String == "Amara Okafor")
            // In the posts' authors too (the basic view every post carries).
            let feed = try await client.query("app.bsky.feed.getAuthorFeed", [("actor", "amara.parla.test"), ("limit", "3")])
            let authors = (feed.object["feed"] as? [[String: Any]] ?? []).compactMap { ($0["post"] as? [String: Any])?["author"] as? [String: Any] }
                .filter { $0["handle"] as? String == "amara.parla.test" }
            #expect(!authors.isEmpty)
            #expect(authors.allSatisfy { $0["displayName"] as? String == "Amara Okafor" }, "\(authors.map { $0["displayName"] ?? "" })")
        }
    }

    @Test
    func postTextsCarryNoCustomEmojiShortcodesAndTheirFacetsStillFallOnTheirWords() async throws {
        try await withInstance { instance, _ in
            let (client, _) = try await XRPCTestClient.login(instance)
            let feed = try await client.query("app.bsky.feed.getTimeline", [("limit", "100")])
            let records = (feed.object["feed"] as? [[String: Any]] ?? []).compactMap { ($0["post"] as? [String: Any])?["record"] as? [String: Any] }
            let texts = records.compactMap { $0["text"] as? String }
            #expect(texts.contains("This is why we make radio: people listening closely to each other."), "\(texts)")
            #expect(!texts.contains { $0.range(of: #":[a-z_]+:"#, options: .regularExpression) != nil }, "\(texts)")
            // Each facet's bytes still hold its mention, link or hashtag, after the shortcodes before it went.
            var checked = 0
            var mentions: [String] = []
            for record in records {
                let bytes = Array((record["text"] as? String ?? "").utf8)
                for facet in record["facets"] as? [[String: Any]] ?? [] {
                    let index = facet["index"] as? [String: Any] ?? [:]
                    let start = index["byteStart"] as? Int ?? -1, end = index["byteEnd"] as? Int ?? -1
                    let word = start >= 0 && end <= bytes.count && start < end ? String(decoding: bytes[start..<end], as: UTF8.self) : ""
                    let feature = (facet["features"] as? [[String: Any]])?.first ?? [:]
                    switch feature["$type"] as? String {
                    case "app.bsky.richtext.facet#tag": #expect(word == "#" + (feature["tag"] as? String ?? ""), "\(word)")
                    case "app.bsky.richtext.facet#mention": mentions.append(word)
                    default: #expect(!word.isEmpty && !word.contains(" "), "\(word)")
                    }
                    checked += 1
                }
            }
            #expect(checked > 5)
            // A member is mentioned by their handle ("@ana.parla.test"), never by the Mastodon username alone.
            #expect(!mentions.isEmpty)
            #expect(mentions.filter { !($0.hasPrefix("@") && $0.hasSuffix(".parla.test")) } == [])
        }
    }
}

