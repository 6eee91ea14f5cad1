import Foundation
import GRDB

extension InstanceStore {
    /// The status entities for visible rows of `statuses`, in the same order.
    ///
    /// Built from one query per kind of data for the whole set (reblogged and quoted statuses, authors, counts
    /// and the viewer's flags, mentions, tags, media, polls, filters, emoji, cards), so a page of 40 costs the
    /// same handful of queries as one status does.
    ///
    /// - Parameters:
    ///   - context: where the statuses are shown: only the viewer's filters for it are applied (all when nil).
    ///   - nested: the statuses are quoted inside others: their own quotes are given shallow, as Mastodon does.
    func statuses(_ db: Database, rows: [Row], viewer: Viewer?, context: FilterContext? = nil, nested: Bool = false) throws -> [StatusEntity] {
        guard !rows.isEmpty else { return [] }
        // A boost shows the boosted status when the viewer may see it.
        let boostedIDs = Set(rows.compactMap { $0["reblog_of_id"] as Int64? })
        var boosted: [Int64: Row] = [:]
        for row in try db.cachedRows("SELECT * FROM statuses WHERE id IN (\(Self.placeholders(boostedIDs.count)))", StatementArguments(Array(boostedIDs)))
        where try canSee(db, status: row, viewer: viewer) {
            boosted[row["id"]] = row
        }
        let all = rows + Array(boosted.values)
        let originals = all.filter { ($0["reblog_of_id"] as Int64?) == nil }
        let authors = try accounts(db, ids: Set(all.map { $0["account_id"] as Int64 }))
        let details = try StatusDetails(db, ids: originals.map { $0["id"] as Int64 }, store: self, viewer: viewer)
        let pins = try pinnedIDs(db, ids: originals.map { $0["id"] as Int64 }, viewer: viewer)
        let links = Set(originals.compactMap { firstLink(id: $0["id"], text: $0["text"]) })
        let decorations = try StatusDecorations(db, store: self, viewer: viewer, context: context, links: links)
        let quotes = try quoteEntities(db, rows: originals, viewer: viewer, context: context, nested: nested)

        func entity(_ row: Row) throws -> StatusEntity {
            let id: Int64 = row["id"]
            guard let author = authors[row["account_id"]] else { throw APIError.notFound() }
            let createdAt = MastodonDate.string(MastodonDate.date(millis: row["created_at"]))
            let url = "\(baseURL)/@\(author.username)/\(id)"
            let uri = "\(baseURL)/users/\(author.username)/statuses/\(id)"
            if let boostedID: Int64 = row["reblog_of_id"] {
                let inner = try boosted[boostedID].map(entity)
                return StatusEntity(
                    id: String(id), uri: uri + "/activity", url: url, createdAt: createdAt, account: author, content: "",
                    visibility: row["visibility"], sensitive: false, spoilerText: "", mediaAttachments: [],
                    application: nil, mentions: [], tags: [], emojis: [], reblogsCount: 0, favouritesCount: 0,
                    repliesCount: 0, inReplyToId: nil, inReplyToAccountId: nil, reblog: inner.map(StatusBox.init),
                    poll: nil, card: nil, language: nil, text: nil, editedAt: nil,
                    favourited: inner?.favourited ?? false, reblogged: inner?.reblogged ?? false, muted: false,
                    bookmarked: inner?.bookmarked ?? false, pinned: false, filtered: [], quote: nil,
                    quoteApproval: QuoteApprovalEntity(automatic: [], manual: [], currentUser: "denied"), quotesCount: 0)
            }
            let counts = details.counts[id]
            let text: String = row["text"]
            let spoiler: String = row["spoiler_text"]
            let inReplyTo: Int64? = row["in_reply_to_id"]
            let inReplyToAccount: Int64? = row["in_reply_to_account_id"]
            let application: String? = row["application"]
            let edited: Int64? = row["edited_at"]
            let media = details.media[id] ?? []
            let visibility: String = row["visibility"]
            let quotable = visibility == "public" || visibility == "unlisted"
            // Mastodon does not filter the viewer's own statuses.
            let own = viewer?.accountID == (row["account_id"] as Int64)
            let filtered = own ? [] : decorations.matches([text, spoiler] + media.compactMap(\.description))
            return StatusEntity(
                id: String(id), uri: uri, url: url, createdAt: createdAt, account: author,
                content: content(id: id, text: text), visibility: visibility,
                sensitive: row["sensitive"], spoilerText: spoiler,
                mediaAttachments: media, application: application.map { .init(name: $0, website: nil) },
                mentions: details.mentions[id] ?? [], tags: details.tags[id] ?? [],
                emojis: decorations.emojis(in: [text, spoiler]),
                reblogsCount: counts?.reblogs ?? 0, favouritesCount: counts?.favourites ?? 0,
                repliesCount: counts?.replies ?? 0,
                inReplyToId: inReplyTo.map(String.init), inReplyToAccountId: inReplyToAccount.map(String.init),
                reblog: nil, poll: details.polls[id], card: firstLink(id: id, text: text).flatMap { decorations.cards[$0] },
                language: row["language"], text: nil,
                editedAt: edited.map { MastodonDate.string(MastodonDate.date(millis: $0)) },
                favourited: counts?.favourited ?? false, reblogged: counts?.reblogged ?? false,
                muted: false, bookmarked: counts?.bookmarked ?? false, pinned: pins.contains(id), filtered: filtered,
                quote: quotes[id],
                quoteApproval: QuoteApprovalEntity(
                    automatic: quotable ? ["public"] : [], manual: [],
                    currentUser: viewer == nil ? "unknown" : quotable || own ? "automatic" : "denied"),
                quotesCount: counts?.quotes ?? 0)
        }
        return try rows.map(entity)
    }

    /// The quotes of the statuses that quote another: the quoted status in full when it may be shown (shallow
    /// inside a quoted status), or only the state that says why not.
    private func quoteEntities(
        _ db: Database, rows: [Row], viewer: Viewer?, context: FilterContext?, nested: Bool
    ) throws -> [Int64: QuoteEntity] {
        let quoting = rows.filter { ($0["quote_of_id"] as Int64?) != nil }
        guard !quoting.isEmpty else { return [:] }
        let quotedIDs = Set(quoting.map { $0["quote_of_id"] as Int64 })
        var quoted: [Int64: Row] = [:]
        for row in try db.cachedRows("SELECT * FROM statuses WHERE id IN (\(Self.placeholders(quotedIDs.count)))", StatementArguments(Array(quotedIDs))) {
            quoted[row["id"]] = row
        }
        var states: [Int64: String] = [:]
        var shown: [Row] = []
        for row in quoting {
            let target: Int64 = row["quote_of_id"]
            var state = (row["quote_state"] as String?) ?? "accepted"
            if let quotedRow = quoted[target] {
                if state == "accepted", try !canSee(db, status: quotedRow, viewer: viewer) { state = "unauthorized" }
                if state == "accepted", !nested, !shown.contains(where: { ($0["id"] as Int64) == target }) { shown.append(quotedRow) }
            } else {
                state = "deleted"
            }
            states[row["id"]] = state
        }
        var shownEntities: [Int64: StatusEntity] = [:]
        for entity in try statuses(db, rows: shown, viewer: viewer, context: context, nested: true) {
            if let id = Int64(entity.id) { shownEntities[id] = entity }
        }
        var result: [Int64: QuoteEntity] = [:]
        for row in quoting {
            let id: Int64 = row["id"]
            let target: Int64 = row["quote_of_id"]
            let state = states[id] ?? "deleted"
            if nested {
                let visible = state == "accepted" || state == "pending"
                result[id] = .shallow(state: state, statusID: visible ? String(target) : nil)
            } else {
                result[id] = .full(state: state, status: state == "accepted" ? shownEntities[target].map(StatusBox.init) : nil)
            }
        }
        return result
    }

    /// `?, ?, ?` for an `IN` list of `count` values (`NULL` for none, which matches nothing).
    static func placeholders(_ count: Int) -> String {
        count == 0 ? "NULL" : Array(repeating: "?", count: count).joined(separator: ", ")
    }
}

/// What the status entities of a set of (non-boost) statuses carry besides their own row, read in one
/// query per kind.
private struct StatusDetails {
    struct Counts {
        var reblogs: Int, favourites: Int, replies: Int, quotes: Int
        var favourited: Bool, reblogged: Bool, bookmarked: Bool
    }

    var counts: [Int64: Counts] = [:]
    var mentions: [Int64: [StatusEntity.Mention]] = [:]
    var tags: [Int64: [StatusEntity.Tag]] = [:]
    var media: [Int64: [MediaAttachmentEntity]] = [:]
    var polls: [Int64: PollEntity] = [:]

    init(_ db: Database, ids: [Int64], store: InstanceStore, viewer: Viewer?) throws {
        guard !ids.isEmpty else { return }
        let list = InstanceStore.placeholders(ids.count)
        let arguments = StatementArguments(ids)
        let baseURL = store.baseURL
        let viewerID: Int64? = viewer?.accountID
        for row in try db.cachedRows(
            """
            SELECT s.id,
                   (SELECT COUNT(*) FROM statuses r WHERE r.reblog_of_id = s.id) AS reblogs,
                   (SELECT COUNT(*) FROM favourites f WHERE f.status_id = s.id) AS favourites,
                   (SELECT COUNT(*) FROM statuses c WHERE c.in_reply_to_id = s.id) AS replies,
                   (SELECT COUNT(*) FROM statuses q WHERE q.quote_of_id = s.id) AS quotes,
                   EXISTS(SELECT 1 FROM favourites WHERE status_id = s.id AND account_id = ?) AS favourited,
                   EXISTS(SELECT 1 FROM statuses WHERE reblog_of_id = s.id AND account_id = ?) AS reblogged,
                   EXISTS(SELECT 1 FROM bookmarks WHERE status_id = s.id AND account_id = ?) AS bookmarked
            FROM statuses s WHERE s.id IN (\(list))
            """, [viewerID, viewerID, viewerID] + arguments)
        {
            counts[row["id"]] = Counts(
                reblogs: row["reblogs"], favourites: row["favourites"], replies: row["replies"], quotes: row["quotes"],
                favourited: row["favourited"], reblogged: row["reblogged"], bookmarked: row["bookmarked"])
        }
        for row in try db.cachedRows(
            "SELECT m.status_id, a.id, a.username FROM mentions m JOIN accounts a ON a.id = m.account_id WHERE m.status_id IN (\(list)) ORDER BY m.status_id, a.id",
            arguments)
        {
            let username: String = row["username"]
            let accountID: Int64 = row["id"]
            mentions[row["status_id"], default: []].append(
                .init(id: String(accountID), username: username, url: "\(baseURL)/@\(username)", acct: username))
        }
        for row in try db.cachedRows("SELECT status_id, name FROM status_tags WHERE status_id IN (\(list)) ORDER BY rowid", arguments) {
            let name = (row["name"] as String).lowercased()
            tags[row["status_id"], default: []].append(StatusEntity.Tag(name: name, url: "\(baseURL)/tags/\(name)"))
        }
        for row in try db.cachedRows("SELECT * FROM media WHERE status_id IN (\(list)) ORDER BY position, id", arguments) {
            media[row["status_id"], default: []].append(InstanceStore.mediaEntity(row, baseURL: baseURL))
        }
        for row in try db.cachedRows("SELECT * FROM polls WHERE status_id IN (\(list))", arguments) {
            polls[row["status_id"]] = try store.poll(db, row: row, viewer: viewer)
        }
    }
}

extension Database {
    /// The rows of `sql` through a prepared statement kept for the connection's life (parsed once).
    func cachedRows(_ sql: String, _ arguments: StatementArguments) throws -> [Row] {
        try Row.fetchAll(cachedStatement(sql: sql), arguments: arguments)
    }
}
