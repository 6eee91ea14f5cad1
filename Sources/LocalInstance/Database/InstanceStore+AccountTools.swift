import Foundation
import GRDB

/// The rest of an account: followed hashtags, pinned posts, private notes on accounts and profile changes.
extension InstanceStore {
    /// The tables, registered after the writing migration.
    static func registerAccountTools(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v5-account-tools") { db in
            try db.execute(sql: """
                CREATE TABLE followed_tags (
                    id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id),
                    name TEXT NOT NULL COLLATE NOCASE, created_at INTEGER NOT NULL, UNIQUE (account_id, name));
                CREATE TABLE pins (
                    id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id),
                    status_id INTEGER NOT NULL REFERENCES statuses(id) ON DELETE CASCADE, created_at INTEGER NOT NULL,
                    UNIQUE (account_id, status_id));
                CREATE TABLE account_notes (
                    account_id INTEGER NOT NULL REFERENCES accounts(id), target_account_id INTEGER NOT NULL REFERENCES accounts(id),
                    comment TEXT NOT NULL, PRIMARY KEY (account_id, target_account_id));
                """)
        }
    }

    /// Mastodon's limit on pinned posts.
    static let maxPins = 5
    /// Mastodon's limits on a profile.
    static let maxFields = 4
    static let maxDisplayName = 30
    static let maxNote = 500

    // MARK: Hashtags

    /// A hashtag's name as a route gives it: without `#`, not empty, letters, digits and `_` only.
    static func tagName(_ raw: String) throws -> String {
        let name = raw.hasPrefix("#") ? String(raw.dropFirst()) : raw
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || $0 == "_" }) else {
            throw APIError.notFound()
        }
        return name
    }

    /// A hashtag with its last week of use and whether the viewer follows it.
    func tag(_ name: String, viewer: Viewer?) throws -> TagEntity {
        try database.queue.read { db in try tagEntity(db, name: name, viewer: viewer) }
    }

    /// Follows or stops following a hashtag; returns it.
    func setTagFollowed(_ name: String, on: Bool, viewer: Viewer) throws -> TagEntity {
        try database.queue.write { db in
            if on {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO followed_tags (account_id, name, created_at) VALUES (?, ?, ?)",
                    arguments: [viewer.accountID, name, nowMillis()])
            } else {
                try db.execute(sql: "DELETE FROM followed_tags WHERE account_id = ? AND name = ?", arguments: [viewer.accountID, name])
            }
            return try tagEntity(db, name: name, viewer: viewer)
        }
    }

    /// The hashtags the viewer follows, the latest followed first.
    func followedTags(page: PageQuery, viewer: Viewer) throws -> Page<TagEntity> {
        try database.queue.read { db in
            try paginate(
                db, select: "f.name AS name", column: "f.id", from: "followed_tags f", condition: "f.account_id = ?",
                arguments: [viewer.accountID], page: page
            ) { row in try tagEntity(db, name: row["name"], viewer: viewer) }
        }
    }

    /// The tag entity: the name as first written in a post (else as asked), seven days of use, newest first.
    func tagEntity(_ db: Database, name: String, viewer: Viewer?) throws -> TagEntity {
        let shown = try String.fetchOne(db, sql: "SELECT name FROM status_tags WHERE name = ? ORDER BY status_id LIMIT 1", arguments: [name]) ?? name
        let following = try viewer.map {
            try Bool.fetchOne(db, sql: "SELECT EXISTS(SELECT 1 FROM followed_tags WHERE account_id = ? AND name = ?)", arguments: [$0.accountID, name])
                ?? false
        }
        return TagEntity(name: shown, url: "\(baseURL)/tags/\(shown)", history: try tagHistory(db, name: name), following: following ?? false)
    }

    /// Seven days of a hashtag's use (posts and distinct authors per day), today first.
    private func tagHistory(_ db: Database, name: String) throws -> [TagHistoryEntity] {
        let day: Int64 = 86_400_000
        let today = nowMillis() / day * day
        var history: [TagHistoryEntity] = []
        for back in 0..<7 {
            let start = today - Int64(back) * day
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT COUNT(*) AS uses, COUNT(DISTINCT s.account_id) AS accounts FROM status_tags t JOIN statuses s ON s.id = t.status_id
                    WHERE t.name = ? AND s.created_at >= ? AND s.created_at < ? AND s.visibility = 'public'
                    """, arguments: [name, start, start + day])
            history.append(TagHistoryEntity(
                day: String(start / 1000), uses: String(row?["uses"] ?? 0), accounts: String(row?["accounts"] ?? 0)))
        }
        return history
    }

    /// Who follows a hashtag of a public, original status: their home streams hear it too.
    func followersOfTags(_ db: Database, status row: Row) throws -> [Int64] {
        guard (row["visibility"] as String) == "public", (row["reblog_of_id"] as Int64?) == nil else { return [] }
        return try Int64.fetchAll(
            db, sql: "SELECT DISTINCT f.account_id FROM followed_tags f JOIN status_tags t ON t.name = f.name WHERE t.status_id = ?",
            arguments: [row["id"] as Int64])
    }

    /// SQL that is true for a status carrying a hashtag the viewer (`?`) follows.
    static let followedTagSQL = "s.id IN (SELECT t.status_id FROM status_tags t JOIN followed_tags f ON f.name = t.name WHERE f.account_id = ?)"

    // MARK: Pins

    /// Pins or unpins one of the viewer's posts; returns it.
    ///
    /// - Throws: ``APIError`` 404 for a post that is not the viewer's, 422 for a boost, a direct message or a
    ///   sixth pin.
    func setPinned(_ pinned: Bool, statusID: Int64, viewer: Viewer) throws -> StatusEntity {
        try database.queue.write { db in
            guard let row = try visibleStatusRow(db, id: statusID, viewer: viewer), (row["account_id"] as Int64) == viewer.accountID else {
                throw APIError.notFound()
            }
            if pinned {
                guard (row["reblog_of_id"] as Int64?) == nil else { throw APIError.unprocessable("Boosts cannot be pinned") }
                guard (row["visibility"] as String) != "direct" else {
                    throw APIError.unprocessable("Direct messages cannot be pinned")
                }
                let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM pins WHERE account_id = ?", arguments: [viewer.accountID]) ?? 0
                let already = try Bool.fetchOne(
                    db, sql: "SELECT EXISTS(SELECT 1 FROM pins WHERE account_id = ? AND status_id = ?)", arguments: [viewer.accountID, statusID]) ?? false
                guard already || count < Self.maxPins else {
                    throw APIError.unprocessable("You have already pinned the maximum number of posts")
                }
                try db.execute(
                    sql: "INSERT OR IGNORE INTO pins (account_id, status_id, created_at) VALUES (?, ?, ?)",
                    arguments: [viewer.accountID, statusID, nowMillis()])
            } else {
                try db.execute(sql: "DELETE FROM pins WHERE account_id = ? AND status_id = ?", arguments: [viewer.accountID, statusID])
            }
            guard let entity = try status(db, id: statusID, viewer: viewer) else { throw APIError.notFound() }
            return entity
        }
    }

    /// Bluesky's one pin, as its profile record holds it: the viewer's pins become `statusID` alone (none when
    /// nil).
    ///
    /// - Throws: ``APIError`` as ``setPinned(_:statusID:viewer:)`` does.
    func setOnlyPin(_ statusID: Int64?, viewer: Viewer) throws {
        let current = try database.queue.read { db in
            try Int64.fetchAll(db, sql: "SELECT status_id FROM pins WHERE account_id = ?", arguments: [viewer.accountID])
        }
        for id in current where id != statusID { _ = try setPinned(false, statusID: id, viewer: viewer) }
        if let statusID, !current.contains(statusID) { _ = try setPinned(true, statusID: statusID, viewer: viewer) }
    }

    /// An account's pinned posts the viewer can see, the latest pinned first (one page: there are at most five).
    func pinnedStatuses(accountID: Int64, viewer: Viewer?) throws -> Page<StatusEntity> {
        try database.queue.read { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT s.*, p.id AS pin_id FROM pins p JOIN statuses s ON s.id = p.status_id WHERE p.account_id = ? ORDER BY p.id DESC",
                arguments: [accountID]
            ).filter { try canSee(db, status: $0, viewer: viewer) }
            return Page(items: try statuses(db, rows: rows, viewer: viewer, context: .account), cursors: rows.map { $0["pin_id"] })
        }
    }

    /// Which of these statuses the viewer pinned.
    func pinnedIDs(_ db: Database, ids: [Int64], viewer: Viewer?) throws -> Set<Int64> {
        guard let viewer, !ids.isEmpty else { return [] }
        return Set(try Int64.fetchAll(
            db.cachedStatement(sql: "SELECT status_id FROM pins WHERE account_id = ? AND status_id IN (\(Self.placeholders(ids.count)))"),
            arguments: StatementArguments([viewer.accountID] + ids)))
    }

    // MARK: Notes

    /// Sets the viewer's private note on an account (empty text removes it); returns the relationship.
    func setNote(_ comment: String, target: Int64, viewer: Viewer) throws -> RelationshipEntity {
        guard comment.count <= 2_000 else { throw APIError.unprocessable("Comment is too long (maximum is 2000 characters)") }
        return try database.queue.write { db in
            guard try account(db, id: target) != nil else { throw APIError.notFound() }
            if comment.isEmpty {
                try db.execute(sql: "DELETE FROM account_notes WHERE account_id = ? AND target_account_id = ?", arguments: [viewer.accountID, target])
            } else {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO account_notes (account_id, target_account_id, comment) VALUES (?, ?, ?)",
                    arguments: [viewer.accountID, target, comment])
            }
            return try relationship(db, viewer: viewer, target: target)
        }
    }

    /// The viewer's note on an account; empty when there is none.
    func note(_ db: Database, viewer: Viewer, target: Int64) throws -> String {
        try String.fetchOne(
            db, sql: "SELECT comment FROM account_notes WHERE account_id = ? AND target_account_id = ?", arguments: [viewer.accountID, target]) ?? ""
    }

    // MARK: Profile

    /// What `update_credentials` may change; nil leaves a value as it is.
    struct ProfileChange: Sendable {
        var displayName: String?
        var note: String?
        var locked: Bool?
        var bot: Bool?
        var fields: [(name: String, value: String)]?
        var language: String?
    }

    /// Changes the viewer's profile; returns the account with its `source`.
    ///
    /// - Throws: ``APIError`` 422 for a name over 30 characters, a note over 500 or more than four fields.
    func updateProfile(_ change: ProfileChange, viewer: Viewer) throws -> AccountEntity {
        if let name = change.displayName, name.count > Self.maxDisplayName {
            throw APIError.unprocessable("Display name is too long (maximum is 30 characters)")
        }
        if let note = change.note, note.count > Self.maxNote {
            throw APIError.unprocessable("Note is too long (maximum is 500 characters)")
        }
        if let fields = change.fields, fields.count > Self.maxFields {
            throw APIError.unprocessable("Fields is too long (maximum is 4 fields)")
        }
        try database.queue.write { db in
            var sets: [String] = []
            var values: [(any DatabaseValueConvertible)?] = []
            func set(_ column: String, _ value: (any DatabaseValueConvertible)?) {
                sets.append("\(column) = ?")
                values.append(value)
            }
            if let name = change.displayName { set("display_name", name) }
            if let note = change.note { set("note", note) }
            if let locked = change.locked { set("locked", locked) }
            if let bot = change.bot { set("bot", bot) }
            if let language = change.language { set("language", language) }
            if let fields = change.fields {
                let list = fields.filter { !$0.name.isEmpty || !$0.value.isEmpty }.map { ["name": $0.name, "value": $0.value] }
                let data = try JSONSerialization.data(withJSONObject: list, options: [.sortedKeys])
                set("fields", String(decoding: data, as: UTF8.self))
            }
            guard !sets.isEmpty else { return }
            values.append(viewer.accountID)
            try db.execute(sql: "UPDATE accounts SET \(sets.joined(separator: ", ")) WHERE id = ?", arguments: StatementArguments(values))
        }
        return try credentialAccount(viewer: viewer)
    }
}

extension InstanceStore.ProfileChange {
    /// The change a request asks for: form, multipart or JSON, with `fields_attributes` given by index
    /// (`fields_attributes[0][name]`) or as a list.
    ///
    /// - Throws: ``APIError`` 400 for a boolean that is not one.
    init(params: Params) throws {
        displayName = params.values["display_name"]?.string
        note = params.values["note"]?.string
        locked = try params.bool("locked")
        bot = try params.bool("bot")
        language = params.object("source")?.string("language")
        switch params["fields_attributes"] {
        case .object(let byIndex):
            fields = byIndex.keys.sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }.compactMap { byIndex[$0].flatMap(Self.field) }
        case .array(let items):
            fields = items.compactMap(Self.field)
        default:
            fields = nil
        }
    }

    private static func field(_ value: ParamValue) -> (name: String, value: String)? {
        guard case .object(let object) = value else { return nil }
        return (object["name"]?.string ?? "", object["value"]?.string ?? "")
    }
}
