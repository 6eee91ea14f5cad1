import Foundation
import GRDB

/// What a new status carries.
struct NewStatus: Sendable {
    var text: String
    var spoilerText: String = ""
    var visibility: String = "public"
    var language: String?
    var sensitive: Bool = false
    var inReplyToID: Int64?
    var pollOptions: [String] = []
    var pollExpiresIn: Int?
    var pollMultiple: Bool = false
    var application: String?
    /// The status this one quotes.
    var quoteOfID: Int64?
    /// The quote's state when it is not plainly `accepted` (the demo's pending, rejected or revoked quotes).
    var quoteState: String?
    /// Uploads to attach, in order (`media_ids[]`).
    var mediaIDs: [Int64] = []
}

extension InstanceStore {
    static let visibilities: Set<String> = ["public", "unlisted", "private", "direct"]

    /// Checks a new status before anything is written.
    ///
    /// - Throws: ``APIError`` 422 for empty text, text over ``maxCharacters``, a bad visibility or poll.
    func validate(_ status: NewStatus) throws {
        if status.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && status.pollOptions.isEmpty && status.mediaIDs.isEmpty {
            throw APIError.unprocessable("Text can't be blank")
        }
        if status.text.count + status.spoilerText.count > Self.maxCharacters {
            throw APIError.unprocessable("Text character limit of \(Self.maxCharacters) exceeded")
        }
        if !Self.visibilities.contains(status.visibility) {
            throw APIError.unprocessable("Visibility is not included in the list")
        }
        if !status.pollOptions.isEmpty {
            if status.pollOptions.count < 2 || status.pollOptions.count > Self.maxPollOptions {
                throw APIError.unprocessable("Poll must have between 2 and \(Self.maxPollOptions) options")
            }
            if status.pollOptions.contains(where: { $0.isEmpty || $0.count > 50 }) {
                throw APIError.unprocessable("Poll options must have between 1 and 50 characters")
            }
            guard let expires = status.pollExpiresIn, expires >= 300, expires <= 2_629_746 else {
                throw APIError.unprocessable("Poll expiration must be between 5 minutes and a month")
            }
        }
    }

    /// Creates a status for `viewer`; with an idempotency key, a repeat returns the first status.
    ///
    /// Everything (status, mentions, tags, poll, notifications, the key) is written in one transaction.
    func createStatus(_ new: NewStatus, viewer: Viewer, idempotencyKey: String?) throws -> (id: Int64, events: [StreamEvent]) {
        try validate(new)
        let result: (Int64, Bool) = try database.queue.write { db in
            if let idempotencyKey,
                let existing = try Int64.fetchOne(
                    db, sql: "SELECT status_id FROM idempotency_keys WHERE account_id = ? AND key = ?",
                    arguments: [viewer.accountID, idempotencyKey])
            {
                return (existing, false)
            }
            if let quoted = new.quoteOfID {
                guard let row = try visibleStatusRow(db, id: quoted, viewer: viewer), (row["reblog_of_id"] as Int64?) == nil else {
                    throw APIError.notFound()
                }
                let visibility: String = row["visibility"]
                guard visibility == "public" || visibility == "unlisted" || (row["account_id"] as Int64) == viewer.accountID else {
                    throw APIError.unprocessable("This status cannot be quoted")
                }
            }
            var replyAccount: Int64?
            if let parent = new.inReplyToID {
                guard let row = try visibleStatusRow(db, id: parent, viewer: viewer) else { throw APIError.notFound() }
                replyAccount = row["account_id"]
            }
            let id = try insertStatus(db, new, accountID: viewer.accountID, inReplyToAccountID: replyAccount, createdAt: nowMillis())
            try attachMedia(db, new.mediaIDs, statusID: id, accountID: viewer.accountID)
            if let idempotencyKey {
                try db.execute(
                    sql: "INSERT INTO idempotency_keys (account_id, key, status_id, created_at) VALUES (?, ?, ?, ?)",
                    arguments: [viewer.accountID, idempotencyKey, id, nowMillis()])
            }
            return (id, true)
        }
        return (result.0, result.1 ? try announceStatus(id: result.0) : [])
    }

    /// Writes a status and its parts inside an open transaction; returns its id.
    @discardableResult
    func insertStatus(_ db: Database, _ new: NewStatus, accountID: Int64, inReplyToAccountID: Int64?, createdAt: Int64) throws -> Int64 {
        try db.execute(
            sql: """
                INSERT INTO statuses (id, account_id, text, spoiler_text, visibility, language, sensitive, in_reply_to_id,
                                      in_reply_to_account_id, created_at, application, quote_of_id, quote_state)
                VALUES (\(Self.nextStatusID), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                accountID, new.text, new.spoilerText, new.visibility, new.language, new.sensitive || !new.spoilerText.isEmpty,
                new.inReplyToID, inReplyToAccountID, createdAt, new.application, new.quoteOfID,
                new.quoteOfID == nil ? nil : new.quoteState ?? "accepted",
            ])
        let id = db.lastInsertedRowID
        if let quoted = new.quoteOfID,
            let quotedAuthor = try Int64.fetchOne(db, sql: "SELECT account_id FROM statuses WHERE id = ?", arguments: [quoted]),
            quotedAuthor != accountID, (new.quoteState ?? "accepted") == "accepted"
        {
            try notify(db, recipient: quotedAuthor, from: accountID, type: "quote", statusID: id, at: createdAt)
        }
        for name in StatusFormatter.mentions(new.text) {
            guard let mentioned = try Int64.fetchOne(db, sql: "SELECT id FROM accounts WHERE username = ?", arguments: [name]) else {
                continue
            }
            try db.execute(sql: "INSERT OR IGNORE INTO mentions (status_id, account_id) VALUES (?, ?)", arguments: [id, mentioned])
            if mentioned != accountID {
                try notify(db, recipient: mentioned, from: accountID, type: "mention", statusID: id, at: createdAt)
            }
        }
        for tag in StatusFormatter.hashtags(new.text) {
            try db.execute(sql: "INSERT OR IGNORE INTO status_tags (status_id, name) VALUES (?, ?)", arguments: [id, tag])
        }
        if !new.pollOptions.isEmpty {
            let expires = new.pollExpiresIn.map { createdAt + Int64($0) * 1000 }
            try db.execute(
                sql: "INSERT INTO polls (status_id, expires_at, multiple) VALUES (?, ?, ?)",
                arguments: [id, expires, new.pollMultiple])
            let pollID = db.lastInsertedRowID
            for (position, title) in new.pollOptions.enumerated() {
                try db.execute(
                    sql: "INSERT INTO poll_options (poll_id, position, title) VALUES (?, ?, ?)", arguments: [pollID, position, title])
            }
        }
        return id
    }

    /// Adds a notification inside an open transaction.
    func notify(_ db: Database, recipient: Int64, from: Int64, type: String, statusID: Int64?, at: Int64) throws {
        try db.execute(
            sql: "INSERT INTO notifications (account_id, from_account_id, type, status_id, created_at) VALUES (?, ?, ?, ?, ?)",
            arguments: [recipient, from, type, statusID, at])
    }

    /// The stream events that announce a new status (and the notifications it made).
    func announceStatus(id: Int64) throws -> [StreamEvent] {
        try database.queue.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM statuses WHERE id = ?", arguments: [id]) else { return [] }
            let author: Int64 = row["account_id"]
            let visibility: String = row["visibility"]
            var events: [StreamEvent] = []
            var recipients = Set(try Int64.fetchAll(db, sql: "SELECT account_id FROM follows WHERE target_account_id = ?", arguments: [author]))
            recipients.insert(author)
            recipients.formUnion(try Int64.fetchAll(db, sql: "SELECT account_id FROM mentions WHERE status_id = ?", arguments: [id]))
            recipients.formUnion(try followersOfTags(db, status: row))
            for recipient in recipients.sorted() {
                let viewer = Viewer(accountID: recipient, scopes: ["read"])
                guard try canSee(db, status: row, viewer: viewer), try !isSilenced(db, status: row, viewer: viewer) else { continue }
                events.append(StreamEvent(audience: .user(recipient), event: "update", payload: try Self.json(status(db, row: row, viewer: viewer, context: .home))))
            }
            let isReblog = (row["reblog_of_id"] as Int64?) != nil
            if visibility == "public" && !isReblog {
                events.append(StreamEvent(audience: .publicTimeline, event: "update", payload: try Self.json(status(db, row: row, viewer: nil, context: .public))))
            }
            let notifications = try Row.fetchAll(db, sql: "SELECT * FROM notifications WHERE status_id = ?", arguments: [id])
            for notification in notifications where try !isSilencedNotification(db, row: notification) {
                if let entity = try self.notification(db, row: notification) {
                    events.append(StreamEvent(audience: .user(notification["account_id"]), event: "notification", payload: try Self.json(entity)))
                }
            }
            return events
        }
    }

    /// The latest notification of a kind as a stream event (follows, favourites).
    func announceNotification(_ db: Database, id: Int64) throws -> [StreamEvent] {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM notifications WHERE id = ?", arguments: [id]),
            try !isSilencedNotification(db, row: row), let entity = try notification(db, row: row)
        else { return [] }
        return [StreamEvent(audience: .user(row["account_id"]), event: "notification", payload: try Self.json(entity))]
    }

    /// Deletes the viewer's own status; returns its last form (with `text` and its attachments) and the
    /// delete event. Its files are kept, detached, for a redraft to attach again (as Mastodon does), unless `deleteMedia`.
    func deleteStatus(id: Int64, viewer: Viewer, deleteMedia: Bool = false) throws -> (StatusEntity, [StreamEvent]) {
        try database.queue.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM statuses WHERE id = ?", arguments: [id]),
                try canSee(db, status: row, viewer: viewer)
            else { throw APIError.notFound() }
            guard (row["account_id"] as Int64) == viewer.accountID else {
                throw APIError(status: .forbidden, message: "This action is not allowed")
            }
            var entity = try status(db, row: row, viewer: viewer)
            entity.text = row["text"]
            let reblogIDs = try Int64.fetchAll(db, sql: "SELECT id FROM statuses WHERE reblog_of_id = ?", arguments: [id])
            try db.execute(sql: "UPDATE statuses SET in_reply_to_id = NULL WHERE in_reply_to_id = ?", arguments: [id])
            if !deleteMedia { try db.execute(sql: "UPDATE media SET status_id = NULL WHERE status_id = ?", arguments: [id]) }
            try db.execute(sql: "DELETE FROM statuses WHERE id = ?", arguments: [id])
            let events = ([id] + reblogIDs).map { StreamEvent(audience: .everyone, event: "delete", payload: String($0)) }
            return (entity, events)
        }
    }

    /// Boosts a status (once per viewer); returns the boost's id.
    func reblog(id: Int64, viewer: Viewer) throws -> (Int64, [StreamEvent]) {
        let (boostID, isNew): (Int64, Bool) = try database.queue.write { db in
            guard let row = try visibleStatusRow(db, id: id, viewer: viewer) else { throw APIError.notFound() }
            let target: Int64 = (row["reblog_of_id"] as Int64?) ?? id
            if let existing = try Int64.fetchOne(
                db, sql: "SELECT id FROM statuses WHERE reblog_of_id = ? AND account_id = ?", arguments: [target, viewer.accountID])
            {
                return (existing, false)
            }
            guard let original = try Row.fetchOne(db, sql: "SELECT * FROM statuses WHERE id = ?", arguments: [target]) else {
                throw APIError.notFound()
            }
            let visibility: String = original["visibility"]
            guard visibility == "public" || visibility == "unlisted" else {
                throw APIError.unprocessable("This status cannot be boosted")
            }
            let now = nowMillis()
            try db.execute(
                sql: "INSERT INTO statuses (id, account_id, text, visibility, reblog_of_id, created_at) VALUES (\(Self.nextStatusID), ?, '', 'public', ?, ?)",
                arguments: [viewer.accountID, target, now])
            let boost = db.lastInsertedRowID
            let author: Int64 = original["account_id"]
            if author != viewer.accountID {
                try notify(db, recipient: author, from: viewer.accountID, type: "reblog", statusID: target, at: now)
            }
            return (boost, true)
        }
        guard isNew else { return (boostID, []) }
        var events = try announceStatus(id: boostID)
        events += try database.queue.read { db in
            guard let notificationID = try Int64.fetchOne(
                db, sql: "SELECT MAX(id) FROM notifications WHERE type = 'reblog' AND from_account_id = ?", arguments: [viewer.accountID])
            else { return [] }
            return try announceNotification(db, id: notificationID)
        }
        return (boostID, events)
    }

    /// Removes the viewer's boost of a status.
    func unreblog(id: Int64, viewer: Viewer) throws -> [StreamEvent] {
        try database.queue.write { db in
            guard let requested = try visibleStatusRow(db, id: id, viewer: viewer) else { throw APIError.notFound() }
            let id: Int64 = (requested["reblog_of_id"] as Int64?) ?? id
            let boosts = try Int64.fetchAll(
                db, sql: "SELECT id FROM statuses WHERE reblog_of_id = ? AND account_id = ?", arguments: [id, viewer.accountID])
            try db.execute(sql: "DELETE FROM statuses WHERE reblog_of_id = ? AND account_id = ?", arguments: [id, viewer.accountID])
            try db.execute(
                sql: "DELETE FROM notifications WHERE type = 'reblog' AND status_id = ? AND from_account_id = ?",
                arguments: [id, viewer.accountID])
            return boosts.map { StreamEvent(audience: .everyone, event: "delete", payload: String($0)) }
        }
    }

    /// Favourites or unfavourites, bookmarks or unbookmarks a status.
    func mark(_ table: String, id: Int64, on: Bool, viewer: Viewer) throws -> [StreamEvent] {
        precondition(table == "favourites" || table == "bookmarks")
        return try database.queue.write { db in
            guard let requested = try visibleStatusRow(db, id: id, viewer: viewer) else { throw APIError.notFound() }
            // As on Mastodon, acting on a boost acts on the boosted status.
            let id: Int64 = (requested["reblog_of_id"] as Int64?) ?? id
            guard let row = try visibleStatusRow(db, id: id, viewer: viewer) else { throw APIError.notFound() }
            guard on else {
                try db.execute(sql: "DELETE FROM \(table) WHERE account_id = ? AND status_id = ?", arguments: [viewer.accountID, id])
                if table == "favourites" {
                    try db.execute(
                        sql: "DELETE FROM notifications WHERE type = 'favourite' AND status_id = ? AND from_account_id = ?",
                        arguments: [id, viewer.accountID])
                }
                return []
            }
            let now = nowMillis()
            try db.execute(
                sql: "INSERT OR IGNORE INTO \(table) (account_id, status_id, created_at) VALUES (?, ?, ?)",
                arguments: [viewer.accountID, id, now])
            let author: Int64 = row["account_id"]
            guard table == "favourites", db.changesCount > 0, author != viewer.accountID else { return [] }
            try notify(db, recipient: author, from: viewer.accountID, type: "favourite", statusID: id, at: now)
            return try announceNotification(db, id: db.lastInsertedRowID)
        }
    }

    /// Votes in a poll.
    func vote(pollID: Int64, choices: [Int], viewer: Viewer) throws -> PollEntity {
        try database.queue.write { db in
            guard let poll = try Row.fetchOne(db, sql: "SELECT * FROM polls WHERE id = ?", arguments: [pollID]),
                try visibleStatusRow(db, id: poll["status_id"], viewer: viewer) != nil
            else { throw APIError.notFound() }
            if let expires: Int64 = poll["expires_at"], expires <= nowMillis() {
                throw APIError.unprocessable("The poll has already ended")
            }
            let already = try Bool.fetchOne(
                db, sql: "SELECT EXISTS(SELECT 1 FROM poll_votes WHERE poll_id = ? AND account_id = ?)",
                arguments: [pollID, viewer.accountID]) ?? false
            if already { throw APIError.unprocessable("You have already voted on this poll") }
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM poll_options WHERE poll_id = ?", arguments: [pollID]) ?? 0
            let unique = Array(Set(choices)).sorted()
            if unique.isEmpty || unique.contains(where: { $0 < 0 || $0 >= count }) {
                throw APIError.unprocessable("Choices must name options of this poll")
            }
            if unique.count > 1 && !(poll["multiple"] as Bool) {
                throw APIError.unprocessable("This poll allows a single choice")
            }
            for choice in unique {
                try db.execute(
                    sql: "INSERT INTO poll_votes (poll_id, account_id, choice) VALUES (?, ?, ?)",
                    arguments: [pollID, viewer.accountID, choice])
            }
            return try self.poll(db, row: poll, viewer: viewer)
        }
    }

    /// Encodes an entity as Mastodon JSON text.
    static func json<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try EntityJSON.bytes(value), as: UTF8.self)
    }
}
