import Foundation
import GRDB
import MicroblogKit

extension Engine {
    public func schedule(_ post: NewPost) async throws -> ScheduledPost {
        var post = post
        let count = post.attachments.count
        for index in post.attachments.indices where post.attachments[index].mediaId == nil {
            let attachment = post.attachments[index]
            emit(.uploading(outboxId: "", fileName: attachment.fileName, number: index + 1, count: count))
            let file = try MediaFile.read(attachment)
            post.attachments[index].mediaId = try await reach { try await service.uploadMedia(file) }.id
        }
        for index in post.attachments.indices where post.attachments[index].redescribe {
            guard let id = post.attachments[index].mediaId else { continue }
            let description = post.attachments[index].description
            _ = try await reach { try await service.describeMedia(id: id, description: description) }
            post.attachments[index].redescribe = false
        }
        let ready = post
        return try await reach { try await service.schedule(ready) }
    }

    /// Changes one of the user's posts; the cached copy and the screens follow.
    public func edit(postId: String, text: String, spoilerText: String, language: String? = nil,
                     mediaDescriptions: [String: String] = [:]) async throws -> Post {
        let post = try await reach {
            try await service.edit(postId: postId, text: text, spoilerText: spoilerText, language: language, mediaDescriptions: mediaDescriptions)
        }
        updated(post)
        return post
    }

    public func reminders() async -> [Reminder] {
        (try? cache.read { db in
            try Data.fetchAll(db, sql: "SELECT json FROM reminders ORDER BY due_at, id").compactMap {
                try? TimelineCache.decode(Reminder.self, $0)
            }
        }) ?? []
    }

    public func addReminder(_ reminder: Reminder) async throws {
        try cache.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO reminders (id, due_at, json) VALUES (?, ?, ?)",
                arguments: [reminder.id, reminder.dueAt.timeIntervalSince1970, try TimelineCache.encode(reminder)])
        }
        emit(.remindersChanged)
    }

    @discardableResult
    public func removeReminder(id: String) async throws -> Bool {
        let removed = try cache.write { db in
            try db.execute(sql: "DELETE FROM reminders WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        }
        if removed { emit(.remindersChanged) }
        return removed
    }
}
