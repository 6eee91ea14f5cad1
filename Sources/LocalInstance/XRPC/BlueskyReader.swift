import Foundation
import GRDB

/// A JSON object of the AT Protocol face, as `JSONSerialization` writes it.
typealias XObject = [String: Any]

/// Builds the AT Protocol views (profiles, posts, feed items, threads) of the instance's rows for one
/// viewer, inside one database read; what it reads once (the viewer's follows, blocks and mutes, records and
/// their CIDs) it keeps for the rest of the request.
final class BlueskyReader {
    let db: Database
    let store: InstanceStore
    let viewer: Viewer?
    private var accountRows: [Int64: Row] = [:]
    private var relations: Relations?
    /// Records already built, with their CIDs, by status id.
    var records: [Int64: (record: XObject, cid: String)] = [:]
    /// The addresses of the images of records already built, by blob CID.
    var blobURLs: [String: String] = [:]
    /// Post views already built, by status id (a thread's root is the reply context of many posts of a page).
    var postViewsBuilt: [Int64: XObject] = [:]
    /// Whether the viewer muted any thread (nil until asked).
    var mutesThreads: Bool?
    /// The server's custom emoji, read once: Bluesky has none, so their shortcodes are left out of names.
    private var emojiCatalog: CustomEmojiCatalog?

    /// What the viewer did to and got from other accounts, by account id: record ids where there is a record.
    private struct Relations {
        var following: [Int64: Int64] = [:]
        var followedBy: [Int64: Int64] = [:]
        var blocking: [Int64: Int64] = [:]
        var blockedBy: Set<Int64> = []
        var muted: Set<Int64> = []
    }

    init(db: Database, store: InstanceStore, viewer: Viewer?) {
        self.db = db
        self.store = store
        self.viewer = viewer
    }

    var baseURL: String { store.baseURL }

    // MARK: Profiles

    /// The account row (id, username, display name, note, created_at), read once.
    func accountRow(_ id: Int64) throws -> Row {
        if let row = accountRows[id] { return row }
        guard let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT id, username, display_name, note, created_at, bot FROM accounts WHERE id = ?"), arguments: [id])
        else { throw APIError(status: .badRequest, message: "Profile not found", xrpcName: "InvalidRequest") }
        accountRows[id] = row
        return row
    }

    /// `text` without the server's custom emoji shortcodes (Bluesky has no custom emoji: a display name
    /// `Amara Okafor :radio_on:` is served as `Amara Okafor`).
    func withoutShortcodes(_ text: String) throws -> String {
        guard text.contains(":") else { return text }
        if emojiCatalog == nil { emojiCatalog = try store.customEmojis(db) }
        return emojiCatalog?.withoutShortcodes(text) ?? text
    }

    /// The DID of an account.
    func did(_ accountID: Int64) throws -> String { ATIdentifiers.did(username: try accountRow(accountID)["username"]) }

    /// `app.bsky.actor.defs#profileViewBasic`.
    func profileBasic(_ accountID: Int64) throws -> XObject {
        let row = try accountRow(accountID)
        let username: String = row["username"]
        var profile: XObject = [
            "did": ATIdentifiers.did(username: username), "handle": ATIdentifiers.handle(username: username),
            "displayName": try withoutShortcodes(row["display_name"]), "avatar": "\(baseURL)/avatars/original/missing.png",
            "createdAt": ATIdentifiers.datetime(millis: row["created_at"]), "labels": [Any](),
        ]
        if (row["bot"] as Bool?) == true {
            profile["associated"] = ["labeler": false] as XObject
        }
        if let viewerState = try viewerState(accountID) { profile["viewer"] = viewerState }
        return profile
    }

    /// `app.bsky.actor.defs#profileView`: the basic view with the profile's text.
    func profileView(_ accountID: Int64) throws -> XObject {
        var profile = try profileBasic(accountID)
        let row = try accountRow(accountID)
        profile["description"] = row["note"] as String
        profile["indexedAt"] = ATIdentifiers.datetime(millis: row["created_at"])
        return profile
    }

    /// `app.bsky.actor.defs#profileViewDetailed`: the view with its counts.
    func profileDetailed(_ accountID: Int64) throws -> XObject {
        var profile = try profileView(accountID)
        guard let entity = try store.account(db, id: accountID) else { throw APIError(status: .badRequest, message: "Profile not found", xrpcName: "InvalidRequest") }
        profile["followersCount"] = entity.followersCount
        profile["followsCount"] = entity.followingCount
        profile["postsCount"] = entity.statusesCount
        profile["banner"] = entity.header
        if let pinned = try pinnedPost(accountID) { profile["pinnedPost"] = pinned }
        return profile
    }

    /// The `strongRef` of the post an account pinned to its profile (Bluesky keeps one: the latest pinned).
    func pinnedPost(_ accountID: Int64) throws -> XObject? {
        guard let id = try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT status_id FROM pins WHERE account_id = ? ORDER BY id DESC LIMIT 1"), arguments: [accountID])
        else { return nil }
        return try strongRef(id)
    }

    /// `app.bsky.actor.defs#viewerState` of an account; nil without a viewer or for the viewer's own account.
    func viewerState(_ accountID: Int64) throws -> XObject? {
        guard let viewer, accountID != viewer.accountID else { return nil }
        let relations = try loadRelations(viewer)
        var state: XObject = ["muted": relations.muted.contains(accountID), "blockedBy": relations.blockedBy.contains(accountID)]
        let viewerDID = try did(viewer.accountID)
        let target = try did(accountID)
        if let id = relations.following[accountID] { state["following"] = ATIdentifiers.uri(did: viewerDID, collection: "app.bsky.graph.follow", rkey: ATIdentifiers.tid(id)) }
        if let id = relations.followedBy[accountID] { state["followedBy"] = ATIdentifiers.uri(did: target, collection: "app.bsky.graph.follow", rkey: ATIdentifiers.tid(id)) }
        if let id = relations.blocking[accountID] { state["blocking"] = ATIdentifiers.uri(did: viewerDID, collection: "app.bsky.graph.block", rkey: ATIdentifiers.tid(id)) }
        return state
    }

    private func loadRelations(_ viewer: Viewer) throws -> Relations {
        if let relations { return relations }
        var loaded = Relations()
        let me = viewer.accountID
        for row in try Row.fetchAll(db, sql: "SELECT id, target_account_id FROM follows WHERE account_id = ?", arguments: [me]) {
            loaded.following[row["target_account_id"]] = row["id"]
        }
        for row in try Row.fetchAll(db, sql: "SELECT id, account_id FROM follows WHERE target_account_id = ?", arguments: [me]) {
            loaded.followedBy[row["account_id"]] = row["id"]
        }
        for row in try Row.fetchAll(db, sql: "SELECT id, target_account_id FROM blocks WHERE account_id = ?", arguments: [me]) {
            loaded.blocking[row["target_account_id"]] = row["id"]
        }
        loaded.blockedBy = Set(try Int64.fetchAll(db, sql: "SELECT account_id FROM blocks WHERE target_account_id = ?", arguments: [me]))
        loaded.muted = Set(try Int64.fetchAll(
            db, sql: "SELECT target_account_id FROM mutes WHERE account_id = ? AND (expires_at IS NULL OR expires_at > ?)",
            arguments: [me, store.nowMillis()]))
        relations = loaded
        return loaded
    }
}
