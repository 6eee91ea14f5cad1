import Foundation
import GRDB

extension InstanceStore {
    /// The account entity for `id`, or nil when there is none.
    func account(_ db: Database, id: Int64) throws -> AccountEntity? {
        try accounts(db, ids: [id])[id]
    }

    /// The account entities for `ids` (those that exist), with their counts, in one query.
    func accounts(_ db: Database, ids: some Collection<Int64>) throws -> [Int64: AccountEntity] {
        guard !ids.isEmpty else { return [:] }
        let rows = try db.cachedRows(
            """
            SELECT a.*, \(Self.accountCountColumns("a.id")) FROM accounts a WHERE a.id IN (\(Self.placeholders(ids.count)))
            """, StatementArguments(Array(ids)))
        var result: [Int64: AccountEntity] = [:]
        let emojis = try customEmojis(db)
        for row in rows { result[row["id"]] = accountEntity(row: row, counts: row, emojis: emojis) }
        return result
    }

    /// The account entity for a row of `accounts`.
    func account(_ db: Database, row: Row) throws -> AccountEntity {
        let id: Int64 = row["id"]
        let counts = try db.cachedRows("SELECT \(Self.accountCountColumns("?1"))", [id]).first
        return accountEntity(row: row, counts: counts, emojis: try customEmojis(db))
    }

    /// The counted columns of an account entity, for the account whose id is `id` (a column or a parameter).
    private static func accountCountColumns(_ id: String) -> String {
        """
        (SELECT COUNT(*) FROM follows WHERE target_account_id = \(id)) AS followers_count,
        (SELECT COUNT(*) FROM follows WHERE account_id = \(id)) AS following_count,
        COALESCE((SELECT statuses_count FROM account_stats WHERE account_id = \(id)), 0) AS statuses_count,
        (SELECT MAX(created_at) FROM statuses WHERE account_id = \(id)) AS last_status_at
        """
    }

    private func accountEntity(row: Row, counts: Row?, emojis: CustomEmojiCatalog) -> AccountEntity {
        let displayName: String = row["display_name"]
        let note: String = row["note"]
        let username: String = row["username"]
        let url = "\(baseURL)/@\(username)"
        let avatar = "\(baseURL)/avatars/original/missing.png"
        let header = "\(baseURL)/headers/original/missing.png"
        let last: Int64? = counts?["last_status_at"]
        let profile = profile(note: note, fields: row["fields"])
        return AccountEntity(
            id: String(row["id"] as Int64), username: username, acct: username, displayName: displayName,
            locked: row["locked"], bot: row["bot"], discoverable: true, group: false,
            createdAt: MastodonDate.string(MastodonDate.date(millis: row["created_at"])),
            note: profile.note, url: url, uri: "\(baseURL)/users/\(username)",
            avatar: avatar, avatarStatic: avatar, header: header, headerStatic: header,
            followersCount: counts?["followers_count"] ?? 0, followingCount: counts?["following_count"] ?? 0,
            statusesCount: counts?["statuses_count"] ?? 0,
            lastStatusAt: last.map { MastodonDate.day(MastodonDate.date(millis: $0)) },
            emojis: emojis.emojis(in: [displayName, note]),
            fields: profile.fields,
            source: nil)
    }

    /// A profile's fields as the database keeps them (a JSON list of `name`/`value` objects).
    static func fields(_ json: String?) -> [(name: String, value: String)] {
        guard let json, let data = json.data(using: .utf8),
            let list = try? JSONSerialization.jsonObject(with: data) as? [[String: String]]
        else { return [] }
        return list.compactMap { item in item["name"].map { (name: $0, value: item["value"] ?? "") } }
    }

    /// Whether `viewer` may see the status row.
    func canSee(_ db: Database, status row: Row, viewer: Viewer?) throws -> Bool {
        let visibility: String = row["visibility"]
        if visibility == "public" || visibility == "unlisted" { return true }
        guard let viewer else { return false }
        let author: Int64 = row["account_id"]
        if author == viewer.accountID { return true }
        let id: Int64 = row["id"]
        let mentioned = try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS(SELECT 1 FROM mentions WHERE status_id = ? AND account_id = ?)"),
            arguments: [id, viewer.accountID]) ?? false
        if mentioned { return true }
        if visibility == "private" {
            return try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT EXISTS(SELECT 1 FROM follows WHERE account_id = ? AND target_account_id = ?)"),
                arguments: [viewer.accountID, author]) ?? false
        }
        return false
    }

    /// The status row for `id` if the viewer may see it.
    func visibleStatusRow(_ db: Database, id: Int64, viewer: Viewer?) throws -> Row? {
        guard let row = try db.cachedRows("SELECT * FROM statuses WHERE id = ?", [id]).first,
            try canSee(db, status: row, viewer: viewer)
        else { return nil }
        return row
    }

    /// The status entity for `id` as the viewer sees it, or nil when missing or hidden.
    func status(_ db: Database, id: Int64, viewer: Viewer?, context: FilterContext? = nil) throws -> StatusEntity? {
        guard let row = try visibleStatusRow(db, id: id, viewer: viewer) else { return nil }
        return try status(db, row: row, viewer: viewer, context: context)
    }

    /// The status entity for a visible row of `statuses`, with the viewer's filters for `context` (all when nil).
    func status(_ db: Database, row: Row, viewer: Viewer?, context: FilterContext? = nil) throws -> StatusEntity {
        try statuses(db, rows: [row], viewer: viewer, context: context)[0]
    }

    /// The poll of a status, with the viewer's own votes.
    func poll(_ db: Database, statusID: Int64, viewer: Viewer?) throws -> PollEntity? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM polls WHERE status_id = ?"), arguments: [statusID]) else {
            return nil
        }
        return try poll(db, row: row, viewer: viewer)
    }

    /// The poll entity for a row of `polls`.
    func poll(_ db: Database, row: Row, viewer: Viewer?) throws -> PollEntity {
        let id: Int64 = row["id"]
        let expires: Int64? = row["expires_at"]
        // Prepared statements kept for the connection: a page asks these for each of its polls.
        let options = try db.cachedRows(
            """
            SELECT o.title, (SELECT COUNT(*) FROM poll_votes v WHERE v.poll_id = o.poll_id AND v.choice = o.position) AS votes
            FROM poll_options o WHERE o.poll_id = ? ORDER BY o.position
            """, [id]
        ).map { PollEntity.Option(title: $0["title"], votesCount: $0["votes"]) }
        let voters = try Int.fetchOne(
            db.cachedStatement(sql: "SELECT COUNT(DISTINCT account_id) FROM poll_votes WHERE poll_id = ?"), arguments: [id]) ?? 0
        let own: [Int] =
            if let viewer {
                try Int.fetchAll(
                    db.cachedStatement(sql: "SELECT choice FROM poll_votes WHERE poll_id = ? AND account_id = ? ORDER BY choice"),
                    arguments: [id, viewer.accountID])
            } else { [] }
        return PollEntity(
            id: String(id), expiresAt: expires.map { MastodonDate.string(MastodonDate.date(millis: $0)) },
            expired: expires.map { $0 <= nowMillis() } ?? false, multiple: row["multiple"],
            votesCount: options.reduce(0) { $0 + $1.votesCount }, votersCount: voters, options: options, emojis: [],
            voted: !own.isEmpty, ownVotes: own)
    }

    /// The relationship between the viewer and `target`.
    func relationship(_ db: Database, viewer: Viewer, target: Int64) throws -> RelationshipEntity {
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT EXISTS(SELECT 1 FROM follows WHERE account_id = :v AND target_account_id = :t) AS following,
                       EXISTS(SELECT 1 FROM follows WHERE account_id = :t AND target_account_id = :v) AS followed_by
                """, arguments: ["v": viewer.accountID, "t": target])
        let following: Bool = row?["following"] ?? false
        return try withSafety(db, RelationshipEntity(
            id: String(target), following: following, showingReblogs: following, notifying: false, languages: nil,
            followedBy: row?["followed_by"] ?? false, blocking: false, blockedBy: false, muting: false,
            mutingNotifications: false, requested: false, requestedBy: false, domainBlocking: false,
            endorsed: false, note: try note(db, viewer: viewer, target: target)), viewer: viewer, target: target)
    }
}
