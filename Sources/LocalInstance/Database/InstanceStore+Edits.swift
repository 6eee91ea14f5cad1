import Foundation
import GRDB

/// The new text of an edited status (`PUT /api/v1/statuses/:id`).
struct StatusChange: Sendable {
    var text: String
    var spoilerText: String
    var sensitive: Bool
    var language: String?
    /// The attachments the edit keeps (`media_ids[]`; empty: all, unchanged); the local instance keeps
    /// them as they are and refuses any other set.
    var mediaIds: [String] = []
    /// New descriptions by attachment id (`media_attributes[][id]`, `[description]`).
    var mediaDescriptions: [Int64: String] = [:]

    /// `media_attributes[0][id]=1&media_attributes[0][description]=…` (or a JSON array of objects) as ids
    /// and descriptions.
    static func descriptions(_ attributes: ParamValue?) -> [Int64: String] {
        let entries: [ParamValue] = switch attributes {
        case .array(let items): items
        case .object(let keyed): Array(keyed.values)
        default: []
        }
        var result: [Int64: String] = [:]
        for case .object(let entry) in entries {
            guard let id = entry["id"]?.string.flatMap({ Int64($0) }) else { continue }
            result[id] = entry["description"]?.string ?? ""
        }
        return result
    }
}

extension InstanceStore {
    /// Edits one of the viewer's statuses: the first edit keeps the original as the first version, every edit
    /// adds the new one, and `edited_at` moves. Returns the status's id and the `status.update` events.
    ///
    /// - Throws: ``APIError`` 404 for a status the viewer cannot see, 403 for someone else's, 422 for bad text.
    func editStatus(id: Int64, change: StatusChange, viewer: Viewer) throws -> [StreamEvent] {
        var check = NewStatus(text: change.text)
        check.spoilerText = change.spoilerText
        try validate(check)
        let now = nowMillis()
        try database.queue.write { db in
            guard let row = try visibleStatusRow(db, id: id, viewer: viewer), (row["reblog_of_id"] as Int64?) == nil else {
                throw APIError.notFound()
            }
            guard (row["account_id"] as Int64) == viewer.accountID else {
                throw APIError(status: .forbidden, message: "This action is not allowed")
            }
            try changeMedia(db, statusID: id, change: change)
            try recordEdit(db, statusID: id, row: row, change: change, at: now)
        }
        return try announceEdit(id: id)
    }

    /// The edit's descriptions on the status's own attachments; a different set of attachments is refused
    /// (422), as adding or removing files in an edit is not offered here.
    func changeMedia(_ db: Database, statusID: Int64, change: StatusChange) throws {
        let attached = Set(try Int64.fetchAll(db, sql: "SELECT id FROM media WHERE status_id = ?", arguments: [statusID]))
        if !change.mediaIds.isEmpty, Set(change.mediaIds.compactMap { Int64($0) }) != attached || change.mediaIds.count != attached.count {
            throw APIError.unprocessable("Adding or removing media in an edit is not supported by the local instance")
        }
        for (mediaID, description) in change.mediaDescriptions {
            guard attached.contains(mediaID) else { throw APIError.unprocessable("Media \(mediaID) is not attached to this status") }
            try validate(description: description)
            try db.execute(sql: "UPDATE media SET description = ? WHERE id = ? AND status_id = ?",
                           arguments: [description.isEmpty ? nil : description, mediaID, statusID])
        }
    }

    /// Writes an edit inside an open transaction (the seed uses it to date edits in the past).
    func recordEdit(_ db: Database, statusID: Int64, row: Row, change: StatusChange, at time: Int64) throws {
        let hasHistory = try Bool.fetchOne(db, sql: "SELECT EXISTS(SELECT 1 FROM status_edits WHERE status_id = ?)", arguments: [statusID]) ?? false
        if !hasHistory {
            try db.execute(
                sql: "INSERT INTO status_edits (status_id, text, spoiler_text, sensitive, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [statusID, row["text"], row["spoiler_text"], row["sensitive"], row["created_at"]])
        }
        let sensitive = change.sensitive || !change.spoilerText.isEmpty
        try db.execute(
            sql: "INSERT INTO status_edits (status_id, text, spoiler_text, sensitive, created_at) VALUES (?, ?, ?, ?, ?)",
            arguments: [statusID, change.text, change.spoilerText, sensitive, time])
        try db.execute(
            sql: "UPDATE statuses SET text = ?, spoiler_text = ?, sensitive = ?, language = COALESCE(?, language), edited_at = ? WHERE id = ?",
            arguments: [change.text, change.spoilerText, sensitive, change.language, time, statusID])
        try db.execute(sql: "DELETE FROM status_tags WHERE status_id = ?", arguments: [statusID])
        for tag in StatusFormatter.hashtags(change.text) {
            try db.execute(sql: "INSERT OR IGNORE INTO status_tags (status_id, name) VALUES (?, ?)", arguments: [statusID, tag])
        }
    }

    /// `status.update` for everyone who may see the edited status, as each of them sees it.
    func announceEdit(id: Int64) throws -> [StreamEvent] {
        try database.queue.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM statuses WHERE id = ?", arguments: [id]) else { return [] }
            var recipients = Set(try Int64.fetchAll(db, sql: "SELECT account_id FROM follows WHERE target_account_id = ?", arguments: [row["account_id"] as Int64]))
            recipients.insert(row["account_id"])
            recipients.formUnion(try Int64.fetchAll(db, sql: "SELECT account_id FROM mentions WHERE status_id = ?", arguments: [id]))
            var events: [StreamEvent] = []
            for recipient in recipients.sorted() {
                let viewer = Viewer(accountID: recipient, scopes: ["read"])
                guard try canSee(db, status: row, viewer: viewer) else { continue }
                events.append(StreamEvent(audience: .user(recipient), event: "status.update", payload: try Self.json(status(db, row: row, viewer: viewer, context: .home))))
            }
            if (row["visibility"] as String) == "public" {
                events.append(StreamEvent(audience: .publicTimeline, event: "status.update", payload: try Self.json(status(db, row: row, viewer: nil, context: .public))))
            }
            return events
        }
    }

    /// Every version of a status, oldest first; a status never edited has one, itself.
    func history(id: Int64, viewer: Viewer?) throws -> [StatusEditEntity] {
        try database.queue.read { db in
            guard let row = try visibleStatusRow(db, id: id, viewer: viewer), (row["reblog_of_id"] as Int64?) == nil else {
                throw APIError.notFound()
            }
            guard let author = try account(db, id: row["account_id"]) else { throw APIError.notFound() }
            let current = try status(db, row: row, viewer: viewer)
            let pollOptions = current.poll.map { StatusEditEntity.Poll(options: $0.options.map { .init(title: $0.title) }) }
            let emojis = try customEmojis(db)
            var versions = try Row.fetchAll(db, sql: "SELECT * FROM status_edits WHERE status_id = ? ORDER BY id", arguments: [id])
            if versions.isEmpty { versions = [row] }
            return versions.map { version in
                let text: String = version["text"]
                let spoiler: String = version["spoiler_text"]
                return StatusEditEntity(
                    content: StatusFormatter.html(text, baseURL: baseURL), spoilerText: spoiler, sensitive: version["sensitive"],
                    createdAt: MastodonDate.string(MastodonDate.date(millis: version["created_at"])), account: author,
                    poll: pollOptions, mediaAttachments: current.mediaAttachments,
                    emojis: emojis.emojis(in: [text, spoiler]))
            }
        }
    }

    /// The plain text of one of the viewer's statuses.
    func source(id: Int64, viewer: Viewer) throws -> StatusSourceEntity {
        try database.queue.read { db in
            guard let row = try visibleStatusRow(db, id: id, viewer: viewer), (row["reblog_of_id"] as Int64?) == nil else {
                throw APIError.notFound()
            }
            guard (row["account_id"] as Int64) == viewer.accountID else {
                throw APIError(status: .forbidden, message: "This action is not allowed")
            }
            return StatusSourceEntity(id: String(id), text: row["text"], spoilerText: row["spoiler_text"])
        }
    }
}
