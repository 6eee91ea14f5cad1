import Foundation
import GRDB

/// The demo community the local instance is seeded with on its first run.
///
/// Deterministic: the same reference time gives the same database. Everything is dated backwards from
/// the moment of seeding, over the ten days before it, so the demo reads as recent.
enum DemoCommunity {
    /// A demo account.
    struct Person {
        let username: String
        let displayName: String
        let note: String
        let language: String
        var bot = false
    }

    /// A hand-written post.
    struct Post {
        let author: String
        let language: String
        let text: String
        var spoiler = ""
        var visibility = "public"
        /// Index in ``posts`` of the post this replies to.
        var replyTo: Int?
        var poll: [String] = []
        /// Poll expiry relative to the seeding time, in hours (negative: already ended).
        var pollHours = 72
        var pollMultiple = false
        /// Media descriptions; nil means an image without alt text.
        var media: [String?] = []
    }

    /// Seeds the database if it has no accounts yet.
    static func seedIfEmpty(_ store: InstanceStore) throws {
        try store.database.queue.write { db in
            guard try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM accounts") == 0 else { return }
            try seed(db, store: store, now: store.nowMillis())
        }
    }

    static func seed(_ db: Database, store: InstanceStore, now: Int64) throws {
        let day: Int64 = 86_400_000
        var ids: [String: Int64] = [:]
        for (index, person) in people.enumerated() {
            try db.execute(
                sql: "INSERT INTO accounts (username, display_name, note, created_at, bot, is_owner, language) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: [person.username, person.displayName, person.note, now - 400 * day + Int64(index) * day, person.bot, index == 0, person.language])
            ids[person.username] = db.lastInsertedRowID
        }
        for (follower, targets) in followGraph {
            for (offset, target) in targets.enumerated() {
                try db.execute(
                    sql: "INSERT INTO follows (account_id, target_account_id, created_at) VALUES (?, ?, ?)",
                    arguments: [ids[follower]!, ids[target]!, now - 30 * day + Int64(offset) * 3_600_000])
                if target == "owner" {
                    try store.notify(db, recipient: ids["owner"]!, from: ids[follower]!, type: "follow", statusID: nil, at: now - 9 * day + Int64(offset) * 3_600_000)
                }
            }
        }

        // Generated everyday posts and hand-written ones, interleaved in time, oldest first.
        let everyday = DemoPhrases.everydayPosts(count: 120)
        let all = posts
        var timeline: [(Int64, Either)] = []
        let span = 10 * day
        for (index, post) in everyday.enumerated() {
            timeline.append((now - span + Int64(index) * (span / Int64(everyday.count)) + 600_000, .everyday(post)))
        }
        for (index, _) in all.enumerated() {
            timeline.append((now - span / 2 + Int64(index) * (span / 2 / Int64(all.count + 1)) + 300_000, .written(index)))
        }
        timeline.sort { $0.0 < $1.0 }

        var writtenIDs: [Int: Int64] = [:]
        var everydayIDs: [Int64] = []
        for (time, item) in timeline {
            switch item {
            case .everyday(let post):
                var new = NewStatus(text: post.text)
                new.language = post.language
                new.application = "Parla"
                everydayIDs.append(try store.insertStatus(db, new, accountID: ids[post.author]!, inReplyToAccountID: nil, createdAt: time))
            case .written(let index):
                let post = all[index]
                var new = NewStatus(text: post.text)
                new.language = post.language
                new.spoilerText = post.spoiler
                new.visibility = post.visibility
                new.application = "Parla"
                new.pollOptions = post.poll
                new.pollMultiple = post.pollMultiple
                var replyAccount: Int64?
                if let parent = post.replyTo, let parentID = writtenIDs[parent] {
                    new.inReplyToID = parentID
                    replyAccount = ids[all[parent].author]
                }
                let id = try store.insertStatus(db, new, accountID: ids[post.author]!, inReplyToAccountID: replyAccount, createdAt: time)
                if !post.poll.isEmpty {
                    try db.execute(sql: "UPDATE polls SET expires_at = ? WHERE status_id = ?", arguments: [now + Int64(post.pollHours) * 3_600_000, id])
                }
                for (position, description) in post.media.enumerated() {
                    try db.execute(
                        sql: "INSERT INTO media (status_id, account_id, kind, description, width, height, position) VALUES (?, ?, 'image', ?, 1, 1, ?)",
                        arguments: [id, ids[post.author]!, description, position])
                }
                writtenIDs[index] = id
            }
        }
        try seedInteractions(db, store: store, ids: ids, written: writtenIDs, everyday: everydayIDs, now: now)
    }

    private enum Either {
        case everyday(DemoPhrases.Generated)
        case written(Int)
    }

    /// Boosts, favourites, bookmarks, poll votes and the owner's list.
    private static func seedInteractions(
        _ db: Database, store: InstanceStore, ids: [String: Int64], written: [Int: Int64], everyday: [Int64], now: Int64
    ) throws {
        let hour: Int64 = 3_600_000
        let others = people.dropFirst().map(\.username)
        // Boosts: every seventh everyday post is boosted by someone who is not its author.
        for (index, statusID) in everyday.enumerated() where index % 7 == 3 {
            let author = try Int64.fetchOne(db, sql: "SELECT account_id FROM statuses WHERE id = ?", arguments: [statusID])!
            let created = try Int64.fetchOne(db, sql: "SELECT created_at FROM statuses WHERE id = ?", arguments: [statusID])!
            let booster = others.map { ids[$0]! }.filter { $0 != author }[index % (others.count - 1)]
            try db.execute(
                sql: "INSERT INTO statuses (account_id, text, visibility, reblog_of_id, created_at) VALUES (?, '', 'public', ?, ?)",
                arguments: [booster, statusID, created + 2 * hour])
        }
        // Boosts of hand-written posts, and favourites from around the community.
        for (index, statusID) in written.sorted(by: { $0.key < $1.key }).map(\.value).enumerated() {
            let row = try Row.fetchOne(db, sql: "SELECT account_id, visibility, created_at FROM statuses WHERE id = ?", arguments: [statusID])!
            let author: Int64 = row["account_id"]
            let visibility: String = row["visibility"]
            let created: Int64 = row["created_at"]
            guard visibility == "public" else { continue }
            let fans = people.map { ids[$0.username]! }.filter { $0 != author }
            for (offset, fan) in fans.enumerated() where (index + offset) % 3 == 0 {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO favourites (account_id, status_id, created_at) VALUES (?, ?, ?)",
                    arguments: [fan, statusID, created + Int64(offset + 1) * 600_000])
                if author == ids["owner"]! {
                    try store.notify(db, recipient: author, from: fan, type: "favourite", statusID: statusID, at: created + Int64(offset + 1) * 600_000)
                }
            }
            if index % 4 == 1 || author == ids["owner"]! {
                let booster = fans[(index * 5) % fans.count]
                try db.execute(
                    sql: "INSERT INTO statuses (account_id, text, visibility, reblog_of_id, created_at) VALUES (?, '', 'public', ?, ?)",
                    arguments: [booster, statusID, created + hour])
                if author == ids["owner"]! {
                    try store.notify(db, recipient: author, from: booster, type: "reblog", statusID: statusID, at: created + hour)
                }
            }
        }
        // The owner has bookmarked a few posts and voted in the poll that has ended.
        for index in bookmarkedPosts {
            try db.execute(
                sql: "INSERT INTO bookmarks (account_id, status_id, created_at) VALUES (?, ?, ?)",
                arguments: [ids["owner"]!, written[index]!, now - 2 * hour])
        }
        for (index, post) in posts.enumerated() where !post.poll.isEmpty {
            let pollID = try Int64.fetchOne(db, sql: "SELECT id FROM polls WHERE status_id = ?", arguments: [written[index]!])!
            for (offset, voter) in others.enumerated() where voter != post.author && offset % 2 == index % 2 {
                try db.execute(
                    sql: "INSERT INTO poll_votes (poll_id, account_id, choice) VALUES (?, ?, ?)",
                    arguments: [pollID, ids[voter]!, (offset + index) % post.poll.count])
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
