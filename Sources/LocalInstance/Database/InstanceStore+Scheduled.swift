import Foundation
import GRDB

extension InstanceStore {
    /// How far ahead a post must be scheduled (Mastodon's five minutes).
    static let minimumScheduleLead: TimeInterval = 300

    /// Keeps a status to publish at `date`; nothing is published now.
    ///
    /// - Throws: ``APIError`` 422 for a date less than five minutes ahead, or a status that would be refused.
    func scheduleStatus(_ new: NewStatus, at date: Date, viewer: Viewer, idempotencyKey: String?) throws -> ScheduledStatusEntity {
        try validate(new)
        try checkMedia(new.mediaIDs, viewer: viewer)
        guard date.timeIntervalSince(clock.now()) >= Self.minimumScheduleLead else {
            throw APIError.unprocessable("Scheduled at The scheduled date must be in the future")
        }
        let params = Self.scheduledParams(new, at: date, idempotencyKey: idempotencyKey)
        let text = try Self.json(params)
        let id: Int64 = try database.queue.write { db in
            try db.execute(
                sql: "INSERT INTO scheduled_statuses (account_id, scheduled_at, params, created_at) VALUES (?, ?, ?, ?)",
                arguments: [viewer.accountID, MastodonDate.millis(date), text, nowMillis()])
            return db.lastInsertedRowID
        }
        guard let entity = try scheduledStatus(id: id, viewer: viewer) else { throw APIError.notFound() }
        return entity
    }

    /// The viewer's scheduled statuses, soonest first.
    func scheduledStatuses(viewer: Viewer) throws -> [ScheduledStatusEntity] {
        try database.queue.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM scheduled_statuses WHERE account_id = ? ORDER BY scheduled_at, id", arguments: [viewer.accountID]
            ).map { try scheduledEntity(db, row: $0) }
        }
    }

    /// One of the viewer's scheduled statuses.
    func scheduledStatus(id: Int64, viewer: Viewer) throws -> ScheduledStatusEntity? {
        try database.queue.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM scheduled_statuses WHERE id = ? AND account_id = ?", arguments: [id, viewer.accountID])
                .map { try scheduledEntity(db, row: $0) }
        }
    }

    /// Cancels one of the viewer's scheduled statuses (its uploads stay the viewer's, unattached).
    func cancelScheduled(id: Int64, viewer: Viewer) throws {
        try database.queue.write { db in
            try db.execute(sql: "DELETE FROM scheduled_statuses WHERE id = ? AND account_id = ?", arguments: [id, viewer.accountID])
            if db.changesCount == 0 { throw APIError.notFound() }
        }
    }

    /// The time until the soonest scheduled status is due; nil when none is kept.
    func nextScheduledDelay() throws -> TimeInterval? {
        let soonest = try database.queue.read { db in try Int64.fetchOne(db, sql: "SELECT MIN(scheduled_at) FROM scheduled_statuses") }
        return soonest.map { max(0, MastodonDate.date(millis: $0).timeIntervalSince(clock.now())) }
    }

    /// Publishes every scheduled status whose time has come, in time order, and returns what the streams
    /// announce. One that can no longer be published (its reply target or uploads are gone) is dropped.
    func publishDueScheduled() throws -> [StreamEvent] {
        let now = nowMillis()
        // Most requests find nothing due: a read, and no write transaction, for them.
        let due = try database.queue.read { db in
            try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT EXISTS(SELECT 1 FROM scheduled_statuses WHERE scheduled_at <= ?)"), arguments: [now]) ?? false
        }
        guard due else { return [] }
        let published: [Int64] = try database.queue.write { db in
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM scheduled_statuses WHERE scheduled_at <= ? ORDER BY scheduled_at, id", arguments: [now])
            var published: [Int64] = []
            for row in rows {
                try db.execute(sql: "DELETE FROM scheduled_statuses WHERE id = ?", arguments: [row["id"] as Int64])
                let params = try Self.decoder.decode(ScheduledStatusEntity.Params.self, from: Data((row["params"] as String).utf8))
                let new = Self.newStatus(params)
                let accountID: Int64 = row["account_id"]
                let viewer = Viewer(accountID: accountID, scopes: ["read", "write"])
                var replyAccount: Int64?
                if let parent = new.inReplyToID {
                    guard let parentRow = try visibleStatusRow(db, id: parent, viewer: viewer) else { continue }
                    replyAccount = parentRow["account_id"]
                }
                var made: Int64?
                try? db.inSavepoint {
                    made = try insertStatus(db, new, accountID: accountID, inReplyToAccountID: replyAccount, createdAt: row["scheduled_at"])
                    try attachMedia(db, new.mediaIDs, statusID: made!, accountID: accountID)
                    return .commit
                }
                if let made { published.append(made) }
            }
            return published
        }
        var events: [StreamEvent] = []
        for id in published { events += try announceStatus(id: id) }
        return events
    }

    private func scheduledEntity(_ db: Database, row: Row) throws -> ScheduledStatusEntity {
        let params = try Self.decoder.decode(ScheduledStatusEntity.Params.self, from: Data((row["params"] as String).utf8))
        let ids = (params.mediaIds ?? []).compactMap { Int64($0) }
        var media: [MediaAttachmentEntity] = []
        for id in ids {
            if let mediaRow = try Row.fetchOne(db, sql: "SELECT * FROM media WHERE id = ?", arguments: [id]) {
                media.append(Self.mediaEntity(mediaRow, baseURL: baseURL))
            }
        }
        return ScheduledStatusEntity(
            id: String(row["id"] as Int64), scheduledAt: MastodonDate.string(MastodonDate.date(millis: row["scheduled_at"])),
            params: params, mediaAttachments: media)
    }

    static func scheduledParams(_ new: NewStatus, at date: Date, idempotencyKey: String?) -> ScheduledStatusEntity.Params {
        ScheduledStatusEntity.Params(
            text: new.text, spoilerText: new.spoilerText.isEmpty ? nil : new.spoilerText, visibility: new.visibility,
            language: new.language, sensitive: new.sensitive, inReplyToId: new.inReplyToID.map(String.init),
            mediaIds: new.mediaIDs.isEmpty ? nil : new.mediaIDs.map(String.init),
            poll: new.pollOptions.isEmpty
                ? nil : .init(options: new.pollOptions, expiresIn: String(new.pollExpiresIn ?? 86_400), multiple: new.pollMultiple),
            scheduledAt: nil, idempotency: idempotencyKey, applicationId: nil, withRateLimit: false)
    }

    static func newStatus(_ params: ScheduledStatusEntity.Params) -> NewStatus {
        var new = NewStatus(text: params.text)
        new.spoilerText = params.spoilerText ?? ""
        new.visibility = params.visibility
        new.language = params.language
        new.sensitive = params.sensitive
        new.inReplyToID = params.inReplyToId.flatMap { Int64($0) }
        new.mediaIDs = (params.mediaIds ?? []).compactMap { Int64($0) }
        if let poll = params.poll {
            new.pollOptions = poll.options
            new.pollExpiresIn = Int(poll.expiresIn)
            new.pollMultiple = poll.multiple
        }
        new.application = "Parla"
        return new
    }

    /// Reads what ``encoder`` wrote (snake_case keys).
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }()
}

extension InstanceStore {
    /// Moves one of the viewer's scheduled statuses to another time (five minutes ahead at least).
    func reschedule(id: Int64, at date: Date, viewer: Viewer) throws -> ScheduledStatusEntity? {
        guard date.timeIntervalSince(clock.now()) >= Self.minimumScheduleLead else {
            throw APIError.unprocessable("Scheduled at The scheduled date must be in the future")
        }
        try database.queue.write { db in
            try db.execute(
                sql: "UPDATE scheduled_statuses SET scheduled_at = ? WHERE id = ? AND account_id = ?",
                arguments: [MastodonDate.millis(date), id, viewer.accountID])
        }
        return try scheduledStatus(id: id, viewer: viewer)
    }
}
