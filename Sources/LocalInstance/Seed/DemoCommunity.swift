import Foundation
import GRDB

/// The demo community the local instance is seeded with on its first run.
///
/// Deterministic: the same reference time gives the same database. Every post is hand-written; they are
/// dated backwards from the moment of seeding over the ten days before it and stored in the order they
/// were written (boosts among them), so ids follow time and the home timeline reads as a community does.
enum DemoCommunity {
    /// A demo account.
    struct Person {
        let username: String
        let displayName: String
        let note: String
        let language: String
        var bot = false
        var fields: [(String, String)] = []
    }

    /// A hand-written post.
    struct Post {
        let author: String
        let language: String
        let text: String
        var spoiler = ""
        var visibility = "public"
        /// Index of the post this replies to (in the same list).
        var replyTo: Int?
        var poll: [String] = []
        /// Poll expiry relative to the seeding time, in hours (negative: already ended).
        var pollHours = 72
        var pollMultiple = false
        /// Media descriptions; nil means an image without alt text.
        var media: [String?] = []
        /// Index of the post this quotes (in the same list).
        var quote: Int?
        /// The quote's state when it is not `accepted`.
        var quoteState: String?
        /// Later versions of the text, oldest first: the post was edited into each in turn.
        var edits: [String] = []
        /// Deleted after the community was seeded (what quoted it says the quote is gone).
        var deleted = false
    }

    /// Every seeded post, oldest first: the earlier days, then the last five; indexes made global.
    static var allPosts: [Post] {
        let offset = earlierPosts.count
        return earlierPosts + posts.map { post in
            var shifted = post
            shifted.replyTo = post.replyTo.map { $0 + offset }
            shifted.quote = post.quote.map { $0 + offset }
            return shifted
        }
    }

    /// Seeds the database if it has no accounts yet.
    static func seedIfEmpty(_ store: InstanceStore) throws {
        try store.database.queue.write { db in
            guard try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM accounts") == 0 else { return }
            try seed(db, store: store, now: store.nowMillis())
        }
    }

    static let hour: Int64 = 3_600_000
    static let day: Int64 = 86_400_000

    static func seed(_ db: Database, store: InstanceStore, now: Int64) throws {
        var ids: [String: Int64] = [:]
        for (index, person) in people.enumerated() {
            let fields = try JSONSerialization.data(withJSONObject: person.fields.map { ["name": $0.0, "value": $0.1] })
            try db.execute(
                sql: "INSERT INTO accounts (username, display_name, note, created_at, bot, is_owner, language, fields) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                arguments: [person.username, person.displayName, person.note, now - 400 * day + Int64(index) * day, person.bot, index == 0,
                            person.language, String(decoding: fields, as: UTF8.self)])
            ids[person.username] = db.lastInsertedRowID
        }
        for (follower, targets) in followGraph {
            for (offset, target) in targets.enumerated() {
                try db.execute(
                    sql: "INSERT INTO follows (account_id, target_account_id, created_at) VALUES (?, ?, ?)",
                    arguments: [ids[follower]!, ids[target]!, now - 30 * day + Int64(offset) * hour])
                if target == "owner" {
                    try store.notify(db, recipient: ids["owner"]!, from: ids[follower]!, type: "follow", statusID: nil, at: now - 9 * day + Int64(offset) * hour)
                }
            }
        }
        for (shortcode, category) in customEmojis {
            try db.execute(sql: "INSERT INTO custom_emojis (shortcode, category) VALUES (?, ?)", arguments: [shortcode, category])
        }
        for card in cards {
            try db.execute(
                sql: "INSERT INTO preview_cards (url, title, description, provider_name) VALUES (?, ?, ?, ?)",
                arguments: [card.url, card.title, card.description, card.provider])
        }
        for filter in ownerFilters {
            var new = NewFilter(title: filter.title, contexts: filter.contexts)
            new.action = filter.action
            new.keywords = filter.keywords.map { (text: $0, wholeWord: true) }
            try store.insertFilter(db, new, title: filter.title, contexts: filter.contexts, accountID: ids["owner"]!)
        }

        let all = allPosts
        let times = postTimes(count: all.count, now: now)
        let boosts = boostPlan(all, times: times)
        var written: [Int: Int64] = [:]
        var boostIndex = 0
        for (index, post) in all.enumerated() {
            // The boosts made before this post, in time.
            while boostIndex < boosts.count, boosts[boostIndex].time < times[index] {
                let boost = boosts[boostIndex]
                if let target = written[boost.post] {
                    try db.execute(
                        sql: "INSERT INTO statuses (account_id, text, visibility, reblog_of_id, created_at) VALUES (?, '', 'public', ?, ?)",
                        arguments: [ids[boost.booster]!, target, boost.time])
                    if all[boost.post].author == "owner" {
                        try store.notify(db, recipient: ids["owner"]!, from: ids[boost.booster]!, type: "reblog", statusID: target, at: boost.time)
                    }
                }
                boostIndex += 1
            }
            written[index] = try insert(post, all: all, written: written, ids: ids, time: times[index], now: now, db: db, store: store)
        }
        try seedInteractions(db, store: store, ids: ids, written: written, times: times, now: now)
        for (index, post) in all.enumerated() where post.deleted {
            try db.execute(sql: "DELETE FROM statuses WHERE id = ?", arguments: [written[index]!])
        }
    }

    /// When each post was written: spread over ten days, the last an hour before seeding.
    static func postTimes(count: Int, now: Int64) -> [Int64] {
        let span = 10 * day
        let step = span / Int64(max(count, 1))
        // A little irregular, as people post: the offset within each step comes from the index.
        return (0..<count).map { now - span - hour + Int64($0) * step + Int64(($0 * 37) % 60) * 60_000 }
    }

    /// Who boosts what, and when: about one post in seven, an hour or so after it was written.
    static func boostPlan(_ all: [Post], times: [Int64]) -> [(post: Int, booster: String, time: Int64)] {
        let members = people.dropFirst().map(\.username)
        var plan: [(post: Int, booster: String, time: Int64)] = []
        for (index, post) in all.enumerated() where index % 7 == 3 && post.visibility == "public" && !post.deleted && index + 1 < all.count {
            let candidates = members.filter { $0 != post.author && $0 != "parlatips" }
            let booster = candidates[(index / 7) % candidates.count]
            plan.append((index, booster, min(times[index] + hour, times[index + 1] - 60_000)))
        }
        for extra in extraBoosts {
            let index = extra.post + earlierPosts.count
            plan.append((index, extra.booster, min(times[index] + hour, times[index + 1] - 60_000)))
        }
        // The owner's own posts are boosted by a friend.
        for (index, post) in all.enumerated() where post.author == "owner" && post.visibility == "public" && index + 1 < all.count {
            plan.append((index, "tom", min(times[index] + hour, times[index + 1] - 60_000)))
        }
        return plan.sorted { $0.time < $1.time }
    }

    /// Writes one post (with its media, poll expiry and edits); returns its id.
    private static func insert(
        _ post: Post, all: [Post], written: [Int: Int64], ids: [String: Int64], time: Int64, now: Int64, db: Database,
        store: InstanceStore
    ) throws -> Int64 {
        var new = NewStatus(text: post.text)
        new.language = post.language
        new.spoilerText = post.spoiler
        new.visibility = post.visibility
        new.application = "Parla"
        new.pollOptions = post.poll
        new.pollMultiple = post.pollMultiple
        new.quoteOfID = post.quote.flatMap { written[$0] }
        new.quoteState = post.quoteState
        var replyAccount: Int64?
        if let parent = post.replyTo, let parentID = written[parent] {
            new.inReplyToID = parentID
            replyAccount = ids[all[parent].author]
        }
        let id = try store.insertStatus(db, new, accountID: ids[post.author]!, inReplyToAccountID: replyAccount, createdAt: time)
        if !post.poll.isEmpty {
            try db.execute(sql: "UPDATE polls SET expires_at = ? WHERE status_id = ?", arguments: [now + Int64(post.pollHours) * hour, id])
        }
        for (position, description) in post.media.enumerated() {
            try db.execute(
                sql: "INSERT INTO media (status_id, account_id, kind, description, width, height, position) VALUES (?, ?, 'image', ?, 1, 1, ?)",
                arguments: [id, ids[post.author]!, description, position])
        }
        for (number, text) in post.edits.enumerated() {
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM statuses WHERE id = ?", arguments: [id]) else { continue }
            let change = StatusChange(text: text, spoilerText: post.spoiler, sensitive: false, language: nil)
            try store.recordEdit(db, statusID: id, row: row, change: change, at: time + Int64(number + 1) * 25 * 60_000)
        }
        return id
    }

    /// Favourites, bookmarks, poll votes and the owner's list.
    private static func seedInteractions(
        _ db: Database, store: InstanceStore, ids: [String: Int64], written: [Int: Int64], times: [Int64], now: Int64
    ) throws {
        let all = allPosts
        let others = people.dropFirst().map(\.username)
        // Favourites from around the community: about a third of the members like each public post; the
        // owner, a few chosen ones.
        let offset = earlierPosts.count
        for index in favouritedPosts {
            try db.execute(
                sql: "INSERT INTO favourites (account_id, status_id, created_at) VALUES (?, ?, ?)",
                arguments: [ids["owner"]!, written[index + offset]!, times[index + offset] + hour / 2])
        }
        for (index, post) in all.enumerated() where post.visibility == "public" && !post.deleted {
            let statusID = written[index]!
            let author = ids[post.author]!
            let fans = people.dropFirst().map { ids[$0.username]! }.filter { $0 != author }
            for (offset, fan) in fans.enumerated() where (index + offset) % 3 == 0 {
                let at = min(times[index] + Int64(offset + 1) * 600_000, now - 60_000)
                try db.execute(
                    sql: "INSERT OR IGNORE INTO favourites (account_id, status_id, created_at) VALUES (?, ?, ?)",
                    arguments: [fan, statusID, at])
                if post.author == "owner" {
                    try store.notify(db, recipient: author, from: fan, type: "favourite", statusID: statusID, at: at)
                }
            }
        }
        // The owner has bookmarked a few posts and voted in the poll that has ended.
        for index in bookmarkedPosts {
            try db.execute(
                sql: "INSERT INTO bookmarks (account_id, status_id, created_at) VALUES (?, ?, ?)",
                arguments: [ids["owner"]!, written[index + offset]!, now - 2 * hour])
        }
        for (index, post) in all.enumerated() where !post.poll.isEmpty {
            let pollID = try Int64.fetchOne(db, sql: "SELECT id FROM polls WHERE status_id = ?", arguments: [written[index]!])!
            for (number, voter) in others.enumerated() where voter != post.author && number % 2 == index % 2 {
                try db.execute(
                    sql: "INSERT INTO poll_votes (poll_id, account_id, choice) VALUES (?, ?, ?)",
                    arguments: [pollID, ids[voter]!, (number + index) % post.poll.count])
            }
            if post.pollHours < 0 {
                try db.execute(sql: "INSERT INTO poll_votes (poll_id, account_id, choice) VALUES (?, ?, 0)", arguments: [pollID, ids["owner"]!])
            }
        }
        try db.execute(sql: "INSERT INTO lists (account_id, title) VALUES (?, 'Accessibility')", arguments: [ids["owner"]!])
        let listID = db.lastInsertedRowID
        for member in ["tom", "lucia"] {
            try db.execute(sql: "INSERT INTO list_accounts (list_id, account_id) VALUES (?, ?)", arguments: [listID, ids[member]!])
        }
    }
}
