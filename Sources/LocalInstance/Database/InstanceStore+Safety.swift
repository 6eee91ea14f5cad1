import Foundation
import GRDB

/// The viewer's safety tools: mutes (with an expiry, with or without notifications), blocks, domain
/// blocks, reports, follow requests and muted conversations, and what they hide.
extension InstanceStore {
    /// The tables, registered after the instance's own migrations.
    static func registerSafety(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v4-safety") { db in
            try db.execute(sql: """
                CREATE TABLE mutes (
                    id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id),
                    target_account_id INTEGER NOT NULL REFERENCES accounts(id), notifications INTEGER NOT NULL,
                    expires_at INTEGER, created_at INTEGER NOT NULL, UNIQUE (account_id, target_account_id));
                CREATE TABLE blocks (
                    id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id),
                    target_account_id INTEGER NOT NULL REFERENCES accounts(id), created_at INTEGER NOT NULL,
                    UNIQUE (account_id, target_account_id));
                CREATE TABLE domain_blocks (
                    id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id),
                    domain TEXT NOT NULL COLLATE NOCASE, created_at INTEGER NOT NULL, UNIQUE (account_id, domain));
                CREATE TABLE reports (
                    id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id),
                    target_account_id INTEGER NOT NULL REFERENCES accounts(id), category TEXT NOT NULL,
                    comment TEXT NOT NULL, status_ids TEXT NOT NULL, rule_ids TEXT NOT NULL,
                    forwarded INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL);
                CREATE TABLE follow_requests (
                    id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id),
                    target_account_id INTEGER NOT NULL REFERENCES accounts(id), created_at INTEGER NOT NULL,
                    UNIQUE (account_id, target_account_id));
                CREATE TABLE conversation_mutes (
                    account_id INTEGER NOT NULL REFERENCES accounts(id), root_id INTEGER NOT NULL,
                    PRIMARY KEY (account_id, root_id));
                """)
        }
    }

    // MARK: What is hidden

    /// SQL that is true when the account in `column` is blocked by the viewer (`:viewer`) or muted by them
    /// (a mute that has not expired by `:now`); with `notifications`, only mutes that hide notifications count.
    static func silencedSQL(_ column: String, notifications: Bool = false) -> String {
        """
        (EXISTS(SELECT 1 FROM blocks WHERE account_id = :viewer AND target_account_id = \(column))
         OR EXISTS(SELECT 1 FROM mutes WHERE account_id = :viewer AND target_account_id = \(column)
                   AND (expires_at IS NULL OR expires_at > :now)\(notifications ? " AND notifications = 1" : "")))
        """
    }

    private static let silencedNotificationSQL = "SELECT " + silencedSQL(":from", notifications: true)

    /// Whether a status row (or the status it boosts) is by an account the viewer muted or blocked, so it
    /// leaves home, lists, hashtags and the public timelines as on Mastodon.
    func isSilenced(_ db: Database, status row: Row, viewer: Viewer?) throws -> Bool {
        try isSilenced(db, status: row, by: silencedAccounts(db, viewer: viewer), viewer: viewer)
    }

    /// Whether a status row (or the status it boosts) is by one of `silenced` (``silencedAccounts(_:viewer:)``,
    /// read once for a page).
    func isSilenced(_ db: Database, status row: Row, by silenced: Set<Int64>, viewer: Viewer?) throws -> Bool {
        guard let viewer, !silenced.isEmpty else { return false }
        let author: Int64 = row["account_id"]
        if author != viewer.accountID, silenced.contains(author) { return true }
        guard let reblog: Int64 = row["reblog_of_id"],
            let inner = try Int64.fetchOne(db.cachedStatement(sql: "SELECT account_id FROM statuses WHERE id = ?"), arguments: [reblog])
        else { return false }
        return inner != viewer.accountID && silenced.contains(inner)
    }

    /// The accounts the viewer blocked, or muted with a mute that has not ended.
    func silencedAccounts(_ db: Database, viewer: Viewer?) throws -> Set<Int64> {
        guard let viewer else { return [] }
        return Set(try Int64.fetchAll(
            db.cachedStatement(sql: """
                SELECT target_account_id FROM blocks WHERE account_id = :viewer
                UNION SELECT target_account_id FROM mutes WHERE account_id = :viewer AND (expires_at IS NULL OR expires_at > :now)
                """),
            arguments: ["viewer": viewer.accountID, "now": nowMillis()]))
    }

    /// Whether a notification row is hidden: from a blocked account, from one muted with its notifications,
    /// or about a post in a conversation the viewer muted.
    func isSilencedNotification(_ db: Database, row: Row) throws -> Bool {
        let viewer: Int64 = row["account_id"]
        let silenced = try Bool.fetchOne(
            db.cachedStatement(sql: Self.silencedNotificationSQL),
            arguments: ["viewer": viewer, "from": row["from_account_id"] as Int64, "now": nowMillis()]) ?? false
        if silenced { return true }
        guard let statusID: Int64 = row["status_id"], try rootMuted(db, statusID: statusID, viewer: viewer) else { return false }
        // A muted conversation still tells of what is not about it: a follow never carries a status.
        return true
    }

    /// The first post of the conversation a status belongs to.
    func conversationRoot(_ db: Database, statusID: Int64) throws -> Int64 {
        var current = statusID
        var seen: Set<Int64> = [current]
        while let parent = try Int64.fetchOne(db.cachedStatement(sql: "SELECT in_reply_to_id FROM statuses WHERE id = ?"), arguments: [current]),
            seen.insert(parent).inserted,
            try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS(SELECT 1 FROM statuses WHERE id = ?)"), arguments: [parent]) == true {
            current = parent
        }
        return current
    }

    /// Whether the viewer muted the conversation of this status.
    func rootMuted(_ db: Database, statusID: Int64, viewer: Int64) throws -> Bool {
        let root = try conversationRoot(db, statusID: statusID)
        return try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS(SELECT 1 FROM conversation_mutes WHERE account_id = ? AND root_id = ?)"),
            arguments: [viewer, root]) ?? false
    }

    /// A relationship with the safety fields filled in.
    func withSafety(_ db: Database, _ entity: RelationshipEntity, viewer: Viewer, target: Int64) throws -> RelationshipEntity {
        var entity = entity
        let arguments: StatementArguments = ["v": viewer.accountID, "t": target, "now": nowMillis()]
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT EXISTS(SELECT 1 FROM blocks WHERE account_id = :v AND target_account_id = :t) AS blocking,
                       EXISTS(SELECT 1 FROM blocks WHERE account_id = :t AND target_account_id = :v) AS blocked_by,
                       (SELECT notifications FROM mutes WHERE account_id = :v AND target_account_id = :t
                        AND (expires_at IS NULL OR expires_at > :now)) AS muting,
                       EXISTS(SELECT 1 FROM follow_requests WHERE account_id = :v AND target_account_id = :t) AS requested,
                       EXISTS(SELECT 1 FROM follow_requests WHERE account_id = :t AND target_account_id = :v) AS requested_by
                """, arguments: arguments)
        entity.blocking = row?["blocking"] ?? false
        entity.blockedBy = row?["blocked_by"] ?? false
        let muting: Bool? = row?["muting"]
        entity.muting = muting != nil
        entity.mutingNotifications = muting ?? false
        entity.requested = row?["requested"] ?? false
        entity.requestedBy = row?["requested_by"] ?? false
        // Every account here is on this server, whose domain the viewer cannot block.
        entity.domainBlocking = false
        return entity
    }

    // MARK: Mutes and blocks

    /// Mutes `target` for `duration` seconds (0 or nil: until unmuted), hiding its notifications too
    /// when `notifications`; a second mute replaces the first.
    func mute(target: Int64, notifications: Bool, duration: Int?, viewer: Viewer) throws -> RelationshipEntity {
        try database.queue.write { db in
            try requireOther(db, target, viewer)
            let now = nowMillis()
            let expires = duration.flatMap { $0 > 0 ? now + Int64($0) * 1000 : nil }
            try db.execute(
                sql: """
                    INSERT INTO mutes (account_id, target_account_id, notifications, expires_at, created_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (account_id, target_account_id) DO UPDATE SET notifications = excluded.notifications,
                    expires_at = excluded.expires_at
                    """, arguments: [viewer.accountID, target, notifications, expires, now])
            return try relationship(db, viewer: viewer, target: target)
        }
    }

    /// Blocks `target`: the follows both ways and any follow request between them end.
    func block(target: Int64, viewer: Viewer) throws -> RelationshipEntity {
        try database.queue.write { db in
            try requireOther(db, target, viewer)
            try db.execute(
                sql: "INSERT OR IGNORE INTO blocks (account_id, target_account_id, created_at) VALUES (?, ?, ?)",
                arguments: [viewer.accountID, target, nowMillis()])
            for table in ["follows", "follow_requests"] {
                try db.execute(
                    sql: "DELETE FROM \(table) WHERE (account_id = :v AND target_account_id = :t) OR (account_id = :t AND target_account_id = :v)",
                    arguments: ["v": viewer.accountID, "t": target])
            }
            return try relationship(db, viewer: viewer, target: target)
        }
    }

    /// Ends a mute (`table` `mutes`) or a block (`blocks`) of `target`.
    func lift(_ table: SafetyTable, target: Int64, viewer: Viewer) throws -> RelationshipEntity {
        try database.queue.write { db in
            guard try account(db, id: target) != nil else { throw APIError.notFound() }
            try db.execute(
                sql: "DELETE FROM \(table.rawValue) WHERE account_id = ? AND target_account_id = ?", arguments: [viewer.accountID, target])
            return try relationship(db, viewer: viewer, target: target)
        }
    }

    /// The tables of accounts the viewer keeps away.
    enum SafetyTable: String, Sendable {
        case mutes, blocks, followRequests = "follow_requests"
    }

    /// The accounts the viewer muted (with when each mute ends), blocked, or that ask to follow them,
    /// newest first, paged by the row id.
    func safetyList(_ table: SafetyTable, page: PageQuery, viewer: Viewer) throws -> Page<MutedAccountEntity> {
        try database.queue.read { db in
            let (column, condition) = table == .followRequests
                ? ("account_id", "x.target_account_id = ?") : ("target_account_id", "x.account_id = ?")
            var where_ = condition
            var arguments: [(any DatabaseValueConvertible)?] = [viewer.accountID]
            if table == .mutes { where_ += " AND (x.expires_at IS NULL OR x.expires_at > ?)"; arguments.append(nowMillis()) }
            let expires = table == .mutes ? "x.expires_at" : "NULL"
            return try paginate(
                db, select: "x.\(column) AS other, \(expires) AS expires", column: "x.id", from: "\(table.rawValue) x",
                condition: where_, arguments: arguments, page: page
            ) { row -> MutedAccountEntity? in
                guard let account = try account(db, id: row["other"]) else { return nil }
                let expires: Int64? = row["expires"]
                return MutedAccountEntity(
                    account: account, muteExpiresAt: table == .mutes ? .some(expires.map { MastodonDate.string(MastodonDate.date(millis: $0)) }) : nil)
            }
        }
    }

    private func requireOther(_ db: Database, _ target: Int64, _ viewer: Viewer) throws {
        guard try account(db, id: target) != nil else { throw APIError.notFound() }
        guard target != viewer.accountID else { throw APIError.unprocessable("Validation failed: you cannot do this to yourself") }
    }

    // MARK: Domains

    /// The domains the viewer blocked, newest first.
    func domainBlocks(page: PageQuery, viewer: Viewer) throws -> Page<String> {
        try database.queue.read { db in
            try paginate(
                db, select: "d.domain", column: "d.id", from: "domain_blocks d", condition: "d.account_id = ?",
                arguments: [viewer.accountID], page: page
            ) { row -> String? in row["domain"] }
        }
    }

    /// Blocks or unblocks a domain (lowercased, without a scheme or path).
    func setDomainBlock(_ domain: String, on: Bool, viewer: Viewer) throws {
        let name = domain.trimmingCharacters(in: .whitespaces).lowercased()
        guard !name.isEmpty, !name.contains("/"), !name.contains(" ") else {
            throw APIError.unprocessable("Validation failed: Domain is invalid")
        }
        try database.queue.write { db in
            if on {
                guard name != self.domain.lowercased() else {
                    throw APIError.unprocessable("Validation failed: Domain cannot be your own server")
                }
                try db.execute(
                    sql: "INSERT OR IGNORE INTO domain_blocks (account_id, domain, created_at) VALUES (?, ?, ?)",
                    arguments: [viewer.accountID, name, nowMillis()])
            } else {
                try db.execute(sql: "DELETE FROM domain_blocks WHERE account_id = ? AND domain = ?", arguments: [viewer.accountID, name])
            }
        }
    }

    // MARK: Reports

    /// Files a report about `target` with some of their statuses.
    func report(target: Int64, statusIDs: [Int64], comment: String, category: String, ruleIDs: [String], viewer: Viewer) throws -> ReportEntity {
        guard ["spam", "legal", "violation", "other"].contains(category) else {
            throw APIError.unprocessable("Validation failed: Category is not included in the list")
        }
        guard comment.count <= 1000 else { throw APIError.unprocessable("Validation failed: Comment is too long (maximum is 1000 characters)") }
        return try database.queue.write { db in
            guard let account = try account(db, id: target) else { throw APIError.notFound() }
            for id in statusIDs {
                let author = try Int64.fetchOne(db.cachedStatement(sql: "SELECT account_id FROM statuses WHERE id = ?"), arguments: [id])
                guard author == target else { throw APIError.unprocessable("Validation failed: Statuses are not by the reported account") }
            }
            let now = nowMillis()
            try db.execute(
                sql: "INSERT INTO reports (account_id, target_account_id, category, comment, status_ids, rule_ids, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: [viewer.accountID, target, category, comment, statusIDs.map(String.init).joined(separator: ","),
                            ruleIDs.joined(separator: ","), now])
            return ReportEntity(
                id: String(db.lastInsertedRowID), actionTaken: false, actionTakenAt: nil, category: category, comment: comment,
                forwarded: false, createdAt: MastodonDate.string(MastodonDate.date(millis: now)),
                statusIds: statusIDs.isEmpty ? nil : statusIDs.map(String.init), ruleIds: ruleIDs.isEmpty ? nil : ruleIDs,
                targetAccount: account)
        }
    }

    // MARK: Follow requests

    /// Accepts (the requester now follows the viewer) or rejects a follow request.
    func answerFollowRequest(from requester: Int64, accept: Bool, viewer: Viewer) throws -> (RelationshipEntity, [StreamEvent]) {
        try database.queue.write { db in
            try db.execute(
                sql: "DELETE FROM follow_requests WHERE account_id = ? AND target_account_id = ?", arguments: [requester, viewer.accountID])
            guard db.changesCount > 0 else { throw APIError.notFound() }
            var events: [StreamEvent] = []
            if accept {
                let now = nowMillis()
                try db.execute(
                    sql: "INSERT OR IGNORE INTO follows (account_id, target_account_id, created_at) VALUES (?, ?, ?)",
                    arguments: [requester, viewer.accountID, now])
                try notify(db, recipient: viewer.accountID, from: requester, type: "follow", statusID: nil, at: now)
                events = try announceNotification(db, id: db.lastInsertedRowID)
            }
            return (try relationship(db, viewer: viewer, target: requester), events)
        }
    }

    /// Asks to follow a locked account (instead of following it at once); true when a request was made.
    func requestFollow(_ db: Database, target: Int64, viewer: Viewer) throws -> Bool {
        guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT locked FROM accounts WHERE id = ?"), arguments: [target]) == true,
            try Bool.fetchOne(db, sql: "SELECT EXISTS(SELECT 1 FROM follows WHERE account_id = ? AND target_account_id = ?)",
                              arguments: [viewer.accountID, target]) == false
        else { return false }
        try db.execute(
            sql: "INSERT OR IGNORE INTO follow_requests (account_id, target_account_id, created_at) VALUES (?, ?, ?)",
            arguments: [viewer.accountID, target, nowMillis()])
        return true
    }

    // MARK: Conversations

    /// Mutes or unmutes the conversation of a status the viewer can see; returns the status.
    func setConversationMuted(_ muted: Bool, statusID: Int64, viewer: Viewer) throws -> StatusEntity {
        try database.queue.write { db in
            guard try visibleStatusRow(db, id: statusID, viewer: viewer) != nil else { throw APIError.notFound() }
            let root = try conversationRoot(db, statusID: statusID)
            if muted {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO conversation_mutes (account_id, root_id) VALUES (?, ?)", arguments: [viewer.accountID, root])
            } else {
                try db.execute(
                    sql: "DELETE FROM conversation_mutes WHERE account_id = ? AND root_id = ?", arguments: [viewer.accountID, root])
            }
            guard var entity = try status(db, id: statusID, viewer: viewer) else { throw APIError.notFound() }
            entity.muted = muted
            return entity
        }
    }
}

extension TimelineKind {
    /// Whether muted and blocked accounts' posts leave this timeline (home, lists, hashtags and the public
    /// ones, as on Mastodon; not an account's own posts, favourites or bookmarks).
    var hidesSilenced: Bool {
        switch self {
        case .home, .publicTimeline, .tag, .list, .link: true
        case .account, .favourites, .bookmarks: false
        }
    }
}
