import Foundation
import MicroblogKit

extension MemoryAccountEngine {
    public func schedule(_ post: NewPost) async throws -> ScheduledPost {
        record("schedule")
        var post = post
        for index in post.attachments.indices where post.attachments[index].mediaId == nil {
            let attachment = post.attachments[index]
            let file = MediaFile(
                data: Data(), fileName: attachment.fileName, mimeType: MediaFile.mimeType(forFileName: attachment.fileName) ?? "image/png",
                description: attachment.description)
            post.attachments[index].mediaId = try await scripted.uploadMedia(file).id
        }
        return try await scripted.schedule(post)
    }

    public func cancelScheduled(id: String) async throws {
        record("unschedule \(id)")
        try await scripted.cancelScheduled(id: id)
    }

    public func reminders() async -> [Reminder] { reminderBox.withValue { $0.sorted { ($0.dueAt, $0.id) < ($1.dueAt, $1.id) } } }

    public func addReminder(_ reminder: Reminder) async throws {
        record("remind \(reminder.postId)")
        reminderBox.withValue { list in
            list.removeAll { $0.id == reminder.id }
            list.append(reminder)
        }
        emit(.remindersChanged)
    }

    @discardableResult
    public func removeReminder(id: String) async throws -> Bool {
        record("forget reminder \(id)")
        let had = reminderBox.withValue { list in
            let had = list.contains { $0.id == id }
            list.removeAll { $0.id == id }
            return had
        }
        if had { emit(.remindersChanged) }
        return had
    }
}

/// A value behind a lock, for what an extension of a locked class keeps.
public final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    public func withValue<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try lock.withLock { try body(&value) }
    }
}
