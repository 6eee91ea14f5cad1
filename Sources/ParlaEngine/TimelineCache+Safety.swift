import Foundation
import GRDB
import MicroblogKit

extension TimelineCache {
    /// Takes an account's posts, and boosts of them, out of every cached timeline but their own posts,
    /// bookmarks and favourites (as Mastodon hides a muted or blocked account); with `notifications`,
    /// their notifications too. Returns the ids of the posts taken out.
    public func silence(accountId: String, notifications: Bool) throws -> [String] {
        try write { db in
            var removed: [String] = []
            let kept = [TimelineKind.user(accountId: accountId).key, TimelineKind.bookmarks.key, TimelineKind.favourites.key]
            for row in try Row.fetchAll(db, sql: "SELECT id, account_id, json FROM posts") {
                let id: String = row["id"]
                var silenced = (row["account_id"] as String) == accountId
                if !silenced, let post = try? Self.decode(Post.self, row["json"]) {
                    silenced = post.reblog?.value.account.id == accountId
                }
                guard silenced else { continue }
                try db.execute(
                    sql: "DELETE FROM timeline_entries WHERE post_id = ? AND timeline NOT IN (?, ?, ?)",
                    arguments: [id, kept[0], kept[1], kept[2]])
                if db.changesCount > 0 { removed.append(id) }
            }
            if notifications {
                for row in try Row.fetchAll(db, sql: "SELECT id, json FROM notifications") {
                    guard let notification = try? Self.decode(MicroblogNotification.self, row["json"]),
                        notification.account.id == accountId
                    else { continue }
                    try db.execute(sql: "DELETE FROM notifications WHERE id = ?", arguments: [row["id"] as String])
                }
            }
            return removed
        }
    }
}
