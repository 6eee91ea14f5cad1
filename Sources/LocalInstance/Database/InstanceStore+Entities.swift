import Foundation
import GRDB

extension InstanceStore {
    /// The account entity for `id`, or nil when there is none.
    func account(_ db: Database, id: Int64) throws -> AccountEntity? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM accounts WHERE id = ?", arguments: [id]) else {
            return nil
        }
        return try account(db, row: row)
    }

    /// The account entity for a row of `accounts`.
    func account(_ db: Database, row: Row) throws -> AccountEntity {
        let id: Int64 = row["id"]
        let username: String = row["username"]
        let counts = try Row.fetchOne(
            db,
            sql: """
                SELECT (SELECT COUNT(*) FROM follows WHERE target_account_id = :id) AS followers,
                       (SELECT COUNT(*) FROM follows WHERE account_id = :id) AS following,
                       (SELECT COUNT(*) FROM statuses WHERE account_id = :id AND visibility != 'direct') AS statuses,
                       (SELECT MAX(created_at) FROM statuses WHERE account_id = :id) AS last
                """, arguments: ["id": id])
        let url = "\(baseURL)/@\(username)"
        let avatar = "\(baseURL)/avatars/original/missing.png"
        let header = "\(baseURL)/headers/original/missing.png"
        let last: Int64? = counts?["last"]
        return AccountEntity(
            id: String(id), username: username, acct: username, displayName: row["display_name"],
            locked: row["locked"], bot: row["bot"], discoverable: true, group: false,
            createdAt: MastodonDate.string(MastodonDate.date(millis: row["created_at"])),
            note: StatusFormatter.paragraphs(row["note"]), url: url, uri: "\(baseURL)/users/\(username)",
            avatar: avatar, avatarStatic: avatar, header: header, headerStatic: header,
            followersCount: counts?["followers"] ?? 0, followingCount: counts?["following"] ?? 0,
            statusesCount: counts?["statuses"] ?? 0,
            lastStatusAt: last.map { MastodonDate.day(MastodonDate.date(millis: $0)) },
            emojis: [], fields: [], source: nil)
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
            db, sql: "SELECT EXISTS(SELECT 1 FROM mentions WHERE status_id = ? AND account_id = ?)",
            arguments: [id, viewer.accountID]) ?? false
        if mentioned { return true }
        if visibility == "private" {
            return try Bool.fetchOne(
                db, sql: "SELECT EXISTS(SELECT 1 FROM follows WHERE account_id = ? AND target_account_id = ?)",
                arguments: [viewer.accountID, author]) ?? false
        }
        return false
    }

    /// The status row for `id` if the viewer may see it.
    func visibleStatusRow(_ db: Database, id: Int64, viewer: Viewer?) throws -> Row? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM statuses WHERE id = ?", arguments: [id]),
            try canSee(db, status: row, viewer: viewer)
        else { return nil }
        return row
    }

    /// The status entity for `id` as the viewer sees it, or nil when missing or hidden.
    func status(_ db: Database, id: Int64, viewer: Viewer?) throws -> StatusEntity? {
        guard let row = try visibleStatusRow(db, id: id, viewer: viewer) else { return nil }
        return try status(db, row: row, viewer: viewer)
    }

    /// The status entity for a visible row of `statuses`.
    func status(_ db: Database, row: Row, viewer: Viewer?) throws -> StatusEntity {
        let id: Int64 = row["id"]
        let authorID: Int64 = row["account_id"]
        guard let author = try account(db, id: authorID) else { throw APIError.notFound() }
        let createdAt = MastodonDate.string(MastodonDate.date(millis: row["created_at"]))
        let url = "\(baseURL)/@\(author.username)/\(id)"
        let uri = "\(baseURL)/users/\(author.username)/statuses/\(id)"
        let flags = viewerFlags(db, statusID: id, viewer: viewer)

        if let reblogID: Int64 = row["reblog_of_id"] {
            let inner = try self.status(db, id: reblogID, viewer: viewer)
            return StatusEntity(
                id: String(id), uri: uri + "/activity", url: url, createdAt: createdAt, account: author, content: "",
                visibility: row["visibility"], sensitive: false, spoilerText: "", mediaAttachments: [],
                application: nil, mentions: [], tags: [], emojis: [], reblogsCount: 0, favouritesCount: 0,
                repliesCount: 0, inReplyToId: nil, inReplyToAccountId: nil, reblog: inner.map(StatusBox.init),
                poll: nil, card: nil, language: nil, text: nil, editedAt: nil,
                favourited: inner?.favourited ?? false, reblogged: inner?.reblogged ?? false, muted: false,
                bookmarked: inner?.bookmarked ?? false, pinned: false, filtered: [])
        }

        let mentionRows = try Row.fetchAll(
            db,
            sql: "SELECT a.id, a.username FROM mentions m JOIN accounts a ON a.id = m.account_id WHERE m.status_id = ? ORDER BY a.id",
            arguments: [id])
        let mentions = mentionRows.map { row -> StatusEntity.Mention in
            let username: String = row["username"]
            let accountID: Int64 = row["id"]
            return .init(id: String(accountID), username: username, url: "\(baseURL)/@\(username)", acct: username)
        }
        let tagNames = try String.fetchAll(
            db, sql: "SELECT name FROM status_tags WHERE status_id = ? ORDER BY rowid", arguments: [id])
        let tags = tagNames.map { StatusEntity.Tag(name: $0.lowercased(), url: "\(baseURL)/tags/\($0.lowercased())") }
        let counts = try Row.fetchOne(
            db,
            sql: """
                SELECT (SELECT COUNT(*) FROM statuses WHERE reblog_of_id = :id) AS reblogs,
                       (SELECT COUNT(*) FROM favourites WHERE status_id = :id) AS favourites,
                       (SELECT COUNT(*) FROM statuses WHERE in_reply_to_id = :id) AS replies
                """, arguments: ["id": id])
        let text: String = row["text"]
        let inReplyTo: Int64? = row["in_reply_to_id"]
        let inReplyToAccount: Int64? = row["in_reply_to_account_id"]
        let application: String? = row["application"]
        return StatusEntity(
            id: String(id), uri: uri, url: url, createdAt: createdAt, account: author,
            content: StatusFormatter.html(text, baseURL: baseURL), visibility: row["visibility"],
            sensitive: row["sensitive"], spoilerText: row["spoiler_text"],
            mediaAttachments: try media(db, statusID: id), application: application.map { .init(name: $0, website: nil) },
            mentions: mentions, tags: tags, emojis: [],
            reblogsCount: counts?["reblogs"] ?? 0, favouritesCount: counts?["favourites"] ?? 0,
            repliesCount: counts?["replies"] ?? 0,
            inReplyToId: inReplyTo.map(String.init), inReplyToAccountId: inReplyToAccount.map(String.init),
            reblog: nil, poll: try poll(db, statusID: id, viewer: viewer), card: nil, language: row["language"],
            text: nil, editedAt: nil, favourited: flags.favourited, reblogged: flags.reblogged, muted: false,
            bookmarked: flags.bookmarked, pinned: false, filtered: [])
    }

    private func viewerFlags(_ db: Database, statusID: Int64, viewer: Viewer?) -> (
        favourited: Bool, reblogged: Bool, bookmarked: Bool
    ) {
        guard let viewer else { return (false, false, false) }
        let row = try? Row.fetchOne(
            db,
            sql: """
                SELECT EXISTS(SELECT 1 FROM favourites WHERE status_id = :s AND account_id = :a) AS f,
                       EXISTS(SELECT 1 FROM statuses WHERE reblog_of_id = :s AND account_id = :a) AS r,
                       EXISTS(SELECT 1 FROM bookmarks WHERE status_id = :s AND account_id = :a) AS b
                """, arguments: ["s": statusID, "a": viewer.accountID])
        return (row?["f"] ?? false, row?["r"] ?? false, row?["b"] ?? false)
    }

    /// The media attachments of a status.
    func media(_ db: Database, statusID: Int64) throws -> [MediaAttachmentEntity] {
        try Row.fetchAll(db, sql: "SELECT * FROM media WHERE status_id = ? ORDER BY position, id", arguments: [statusID]).map { row in
            let id: Int64 = row["id"]
            let width: Int = row["width"]
            let height: Int = row["height"]
            let size = MediaAttachmentEntity.Meta.Size(
                width: width, height: height, size: "\(width)x\(height)",
                aspect: height == 0 ? 1 : Double(width) / Double(height))
            let url = "\(baseURL)/system/media_attachments/\(id).png"
            return MediaAttachmentEntity(
                id: String(id), type: row["kind"], url: url, previewUrl: url, remoteUrl: nil,
                meta: .init(original: size, small: size), description: row["description"], blurhash: nil)
        }
    }

    /// The poll of a status, with the viewer's own votes.
    func poll(_ db: Database, statusID: Int64, viewer: Viewer?) throws -> PollEntity? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM polls WHERE status_id = ?", arguments: [statusID]) else {
            return nil
        }
        return try poll(db, row: row, viewer: viewer)
    }

    /// The poll entity for a row of `polls`.
    func poll(_ db: Database, row: Row, viewer: Viewer?) throws -> PollEntity {
        let id: Int64 = row["id"]
        let expires: Int64? = row["expires_at"]
        let options = try Row.fetchAll(
            db,
            sql: """
                SELECT o.title, (SELECT COUNT(*) FROM poll_votes v WHERE v.poll_id = o.poll_id AND v.choice = o.position) AS votes
                FROM poll_options o WHERE o.poll_id = ? ORDER BY o.position
                """, arguments: [id]
        ).map { PollEntity.Option(title: $0["title"], votesCount: $0["votes"]) }
        let voters = try Int.fetchOne(
            db, sql: "SELECT COUNT(DISTINCT account_id) FROM poll_votes WHERE poll_id = ?", arguments: [id]) ?? 0
        let own: [Int] =
            if let viewer {
                try Int.fetchAll(
                    db, sql: "SELECT choice FROM poll_votes WHERE poll_id = ? AND account_id = ? ORDER BY choice",
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
        return RelationshipEntity(
            id: String(target), following: following, showingReblogs: following, notifying: false, languages: nil,
            followedBy: row?["followed_by"] ?? false, blocking: false, blockedBy: false, muting: false,
            mutingNotifications: false, requested: false, requestedBy: false, domainBlocking: false,
            endorsed: false, note: "")
    }
}
