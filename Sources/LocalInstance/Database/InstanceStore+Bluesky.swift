import Foundation
import GRDB

/// What the AT Protocol face keeps beside the Mastodon tables: its sessions, the records clients wrote as
/// they wrote them (facets and embeds kept), uploaded blobs, preferences and chat conversations. Posts, likes,
/// reposts, follows, blocks, mutes, lists and notifications are the Mastodon tables themselves.
extension InstanceStore {
    /// The tables, registered after the instance's own migrations.
    static func registerBluesky(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v5-bluesky") { db in
            try db.execute(sql: """
                CREATE TABLE bsky_sessions (
                    id TEXT PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id),
                    refresh_jti TEXT NOT NULL UNIQUE, created_at INTEGER NOT NULL);
                CREATE TABLE bsky_records (
                    status_id INTEGER PRIMARY KEY REFERENCES statuses(id) ON DELETE CASCADE, record TEXT NOT NULL);
                CREATE TABLE bsky_blobs (
                    account_id INTEGER NOT NULL REFERENCES accounts(id), cid TEXT NOT NULL, mime_type TEXT NOT NULL,
                    data BLOB NOT NULL, created_at INTEGER NOT NULL, PRIMARY KEY (account_id, cid));
                CREATE INDEX bsky_blobs_cid ON bsky_blobs(cid);
                CREATE TABLE bsky_preferences (account_id INTEGER PRIMARY KEY REFERENCES accounts(id), preferences TEXT NOT NULL);
                CREATE TABLE bsky_convos (id INTEGER PRIMARY KEY, members TEXT NOT NULL UNIQUE, created_at INTEGER NOT NULL);
                CREATE TABLE bsky_convo_members (
                    convo_id INTEGER NOT NULL REFERENCES bsky_convos(id) ON DELETE CASCADE,
                    account_id INTEGER NOT NULL REFERENCES accounts(id), last_read INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (convo_id, account_id));
                CREATE INDEX bsky_convo_members_account ON bsky_convo_members(account_id);
                CREATE TABLE bsky_messages (
                    id INTEGER PRIMARY KEY, convo_id INTEGER NOT NULL REFERENCES bsky_convos(id) ON DELETE CASCADE,
                    sender_id INTEGER NOT NULL REFERENCES accounts(id), text TEXT NOT NULL, facets TEXT,
                    sent_at INTEGER NOT NULL);
                CREATE INDEX bsky_messages_convo ON bsky_messages(convo_id, id);
                """)
        }
    }

    // MARK: Actors

    /// An account's AT Protocol names.
    struct Actor: Sendable, Equatable {
        let id: Int64
        let username: String
        var did: String { ATIdentifiers.did(username: username) }
        var handle: String { ATIdentifiers.handle(username: username) }
    }

    /// The account an actor names: a DID, a handle, or (as a convenience) a plain username.
    ///
    /// - Throws: ``APIError`` 400 `InvalidRequest` ("Profile not found") when no account has that name.
    func atActor(_ db: Database, named name: String) throws -> Actor {
        let name = name.lowercased()
        if name.hasPrefix("did:") {
            let rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT id, username FROM accounts"))
            for row in rows where ATIdentifiers.did(username: row["username"]) == name { return Actor(id: row["id"], username: row["username"]) }
        } else {
            var username = name
            if username.hasSuffix(ATIdentifiers.userDomain) { username = String(username.dropLast(ATIdentifiers.userDomain.count)) }
            let candidates = [username, username.replacingOccurrences(of: "-", with: "_")]
            for candidate in candidates {
                if let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT id, username FROM accounts WHERE username = ?"), arguments: [candidate]) {
                    return Actor(id: row["id"], username: row["username"])
                }
            }
        }
        throw APIError(status: .badRequest, message: "Profile not found", xrpcName: "InvalidRequest")
    }

    /// The actor of an account id.
    func atActor(_ db: Database, id: Int64) throws -> Actor {
        guard let username = try String.fetchOne(db.cachedStatement(sql: "SELECT username FROM accounts WHERE id = ?"), arguments: [id]) else {
            throw APIError(status: .badRequest, message: "Profile not found", xrpcName: "InvalidRequest")
        }
        return Actor(id: id, username: username)
    }
}
