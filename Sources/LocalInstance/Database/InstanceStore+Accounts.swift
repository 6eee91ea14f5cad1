import Foundation
import GRDB

extension InstanceStore {
    /// The account for `id`.
    ///
    /// - Throws: ``APIError`` 404 when there is none.
    func account(id: Int64) throws -> AccountEntity {
        try database.queue.read { db in
            guard let entity = try account(db, id: id) else { throw APIError.notFound() }
            return entity
        }
    }

    /// The viewer's own account with its `source` block (`verify_credentials`).
    func credentialAccount(viewer: Viewer) throws -> AccountEntity {
        try database.queue.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM accounts WHERE id = ?", arguments: [viewer.accountID]) else {
                throw APIError.unauthorized()
            }
            var entity = try account(db, row: row)
            entity.source = .init(
                privacy: Self.defaultVisibility, sensitive: Self.defaultSensitive, language: row["language"], note: row["note"],
                fields: Self.fields(row["fields"]).map { .init(name: $0.name, value: $0.value, verifiedAt: nil) },
                followRequestsCount: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM follow_requests WHERE target_account_id = ?", arguments: [viewer.accountID]) ?? 0)
            return entity
        }
    }

    /// The visibility new posts take unless they say otherwise (the instance has no other setting for it).
    static let defaultVisibility = "public"
    /// Whether new posts' media are marked sensitive unless they say otherwise.
    static let defaultSensitive = false

    /// The viewer's preferences (`GET /api/v1/preferences`) as Mastodon's Preferences entity: the posting
    /// defaults of `source` (the language is the account's own, which `update_credentials` sets) and the
    /// reading defaults of a new Mastodon account.
    func preferences(viewer: Viewer) throws -> JSONValue {
        let language = try database.queue.read { db in
            try String.fetchOne(db, sql: "SELECT language FROM accounts WHERE id = ?", arguments: [viewer.accountID])
        }
        return .object([
            ("posting:default:visibility", .string(Self.defaultVisibility)),
            ("posting:default:sensitive", .bool(Self.defaultSensitive)),
            ("posting:default:language", language.map(JSONValue.string) ?? .null),
            ("reading:expand:media", .string("default")),
            ("reading:expand:spoilers", .bool(false)),
        ])
    }

    /// The account with this username (`acct`, with or without this instance's domain).
    func lookup(acct: String) throws -> AccountEntity {
        var name = acct.hasPrefix("@") ? String(acct.dropFirst()) : acct
        if let at = name.firstIndex(of: "@") {
            guard name[name.index(after: at)...] == domain else { throw APIError.notFound() }
            name = String(name[..<at])
        }
        return try database.queue.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM accounts WHERE username = ?", arguments: [name]) else {
                throw APIError.notFound()
            }
            return try account(db, row: row)
        }
    }

    /// Followers (`following == false`) or followed accounts of `id`, paged by follow id.
    func follows(of id: Int64, followers: Bool, page: PageQuery) throws -> Page<AccountEntity> {
        try database.queue.read { db in
            guard try account(db, id: id) != nil else { throw APIError.notFound() }
            let (mine, other) = followers ? ("target_account_id", "account_id") : ("account_id", "target_account_id")
            return try paginate(
                db, select: "f.\(other) AS other", column: "f.id", from: "follows f", condition: "f.\(mine) = ?",
                arguments: [id], page: page
            ) { row in try account(db, id: row["other"]) }
        }
    }

    /// Relationships between the viewer and each id (unknown ids are left out, as Mastodon does).
    func relationships(ids: [Int64], viewer: Viewer) throws -> [RelationshipEntity] {
        try database.queue.read { db in
            try ids.compactMap { id in
                try account(db, id: id) == nil ? nil : try relationship(db, viewer: viewer, target: id)
            }
        }
    }

    /// Follows or unfollows `target`; returns the new relationship.
    func setFollow(target: Int64, on: Bool, viewer: Viewer) throws -> (RelationshipEntity, [StreamEvent]) {
        try database.queue.write { db in
            guard try account(db, id: target) != nil else { throw APIError.notFound() }
            var events: [StreamEvent] = []
            if on {
                guard target != viewer.accountID else { throw APIError.unprocessable("You cannot follow yourself") }
                if try requestFollow(db, target: target, viewer: viewer) { return (try relationship(db, viewer: viewer, target: target), []) }
                let now = nowMillis()
                try db.execute(
                    sql: "INSERT OR IGNORE INTO follows (account_id, target_account_id, created_at) VALUES (?, ?, ?)",
                    arguments: [viewer.accountID, target, now])
                if db.changesCount > 0 {
                    try notify(db, recipient: target, from: viewer.accountID, type: "follow", statusID: nil, at: now)
                    events = try announceNotification(db, id: db.lastInsertedRowID)
                }
            } else {
                try db.execute(
                    sql: "DELETE FROM follows WHERE account_id = ? AND target_account_id = ?", arguments: [viewer.accountID, target])
                try db.execute(sql: "DELETE FROM follow_requests WHERE account_id = ? AND target_account_id = ?", arguments: [viewer.accountID, target])
            }
            return (try relationship(db, viewer: viewer, target: target), events)
        }
    }

    /// Accounts whose username or display name contains `query`.
    func searchAccounts(_ query: String, limit: Int, offset: Int = 0) throws -> [AccountEntity] {
        let term = query.hasPrefix("@") ? String(query.dropFirst()) : query
        let bare = term.split(separator: "@").first.map(String.init) ?? term
        return try database.queue.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM accounts WHERE username LIKE :q ESCAPE '\\' OR display_name LIKE :q ESCAPE '\\'
                    ORDER BY (username = :exact COLLATE NOCASE) DESC, id LIMIT :limit OFFSET :offset
                    """,
                arguments: ["q": "%" + Self.likeEscaped(bare) + "%", "exact": bare, "limit": limit, "offset": offset]
            ).map { try account(db, row: $0) }
        }
    }

    /// `text` with LIKE wildcards escaped.
    static func likeEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
    }
}
