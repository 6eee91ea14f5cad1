import Foundation
import GRDB

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The instance's SQLite database: opening, schema migrations and the owner's identity.
///
/// Every request that changes data runs in one write transaction, so a failing request leaves
/// nothing half stored.
final class InstanceDatabase: Sendable {
    /// The connections: a pool (WAL, one writer and read-only readers that read side by side) for a file, a
    /// single serialized queue in memory.
    ///
    /// Readers of a pool are opened read-only. A queue's `read` switches `PRAGMA query_only` on and off, and
    /// SQLite expires every prepared statement when that pragma changes: each read then compiled its kept
    /// statements again (a sixth of a home page's time).
    let queue: any DatabaseWriter

    /// Opens (creating if needed) the database at `path`, or an in-memory one when `path` is nil.
    init(path: String?) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        if let path { try Self.restrictToOwner(path) }
        do {
            if let path {
                queue = try DatabasePool(path: path, configuration: configuration)
            } else {
                queue = try DatabaseQueue(configuration: configuration)
            }
            try Self.migrator.migrate(queue)
        } catch {
            throw LocalInstanceError.database(path: path ?? ":memory:", reason: "\(error)")
        }
    }

    /// Creates the database file readable and writable by the user alone (it holds the owner's token),
    /// and tightens one made earlier with looser permissions. SQLite gives its journal the same mode.
    static func restrictToOwner(_ path: String) throws {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw LocalInstanceError.database(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard fchmod(descriptor, 0o600) == 0 else {
            throw LocalInstanceError.database(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// The schema, one migration per version.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE accounts (
                    id INTEGER PRIMARY KEY, username TEXT NOT NULL UNIQUE COLLATE NOCASE,
                    display_name TEXT NOT NULL, note TEXT NOT NULL, created_at INTEGER NOT NULL,
                    locked INTEGER NOT NULL DEFAULT 0, bot INTEGER NOT NULL DEFAULT 0,
                    is_owner INTEGER NOT NULL DEFAULT 0, language TEXT NOT NULL DEFAULT 'en');
                CREATE TABLE apps (
                    id INTEGER PRIMARY KEY, name TEXT NOT NULL, website TEXT,
                    client_id TEXT NOT NULL UNIQUE, client_secret TEXT NOT NULL,
                    redirect_uris TEXT NOT NULL, scopes TEXT NOT NULL, created_at INTEGER NOT NULL);
                CREATE TABLE auth_codes (
                    code TEXT PRIMARY KEY, app_id INTEGER NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    account_id INTEGER NOT NULL REFERENCES accounts(id), scopes TEXT NOT NULL,
                    redirect_uri TEXT NOT NULL, created_at INTEGER NOT NULL, used INTEGER NOT NULL DEFAULT 0);
                CREATE TABLE tokens (
                    token TEXT PRIMARY KEY, app_id INTEGER REFERENCES apps(id) ON DELETE CASCADE,
                    account_id INTEGER NOT NULL REFERENCES accounts(id), scopes TEXT NOT NULL,
                    created_at INTEGER NOT NULL);
                CREATE TABLE statuses (
                    id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id),
                    text TEXT NOT NULL, spoiler_text TEXT NOT NULL DEFAULT '',
                    visibility TEXT NOT NULL, language TEXT, sensitive INTEGER NOT NULL DEFAULT 0,
                    in_reply_to_id INTEGER, in_reply_to_account_id INTEGER,
                    reblog_of_id INTEGER REFERENCES statuses(id) ON DELETE CASCADE,
                    created_at INTEGER NOT NULL, application TEXT);
                CREATE INDEX statuses_account ON statuses(account_id, id);
                CREATE INDEX statuses_reply ON statuses(in_reply_to_id);
                CREATE INDEX statuses_reblog ON statuses(reblog_of_id);
                CREATE TABLE media (
                    id INTEGER PRIMARY KEY, status_id INTEGER REFERENCES statuses(id) ON DELETE CASCADE,
                    account_id INTEGER NOT NULL REFERENCES accounts(id), kind TEXT NOT NULL,
                    description TEXT, width INTEGER NOT NULL DEFAULT 1, height INTEGER NOT NULL DEFAULT 1,
                    position INTEGER NOT NULL DEFAULT 0);
                CREATE TABLE mentions (
                    status_id INTEGER NOT NULL REFERENCES statuses(id) ON DELETE CASCADE,
                    account_id INTEGER NOT NULL REFERENCES accounts(id), PRIMARY KEY (status_id, account_id));
                CREATE INDEX mentions_account ON mentions(account_id);
                CREATE TABLE status_tags (
                    status_id INTEGER NOT NULL REFERENCES statuses(id) ON DELETE CASCADE,
                    name TEXT NOT NULL COLLATE NOCASE, PRIMARY KEY (status_id, name));
                CREATE INDEX status_tags_name ON status_tags(name, status_id);
                CREATE TABLE polls (
                    id INTEGER PRIMARY KEY, status_id INTEGER NOT NULL UNIQUE REFERENCES statuses(id) ON DELETE CASCADE,
                    expires_at INTEGER, multiple INTEGER NOT NULL DEFAULT 0);
                CREATE TABLE poll_options (
                    poll_id INTEGER NOT NULL REFERENCES polls(id) ON DELETE CASCADE, position INTEGER NOT NULL,
                    title TEXT NOT NULL, PRIMARY KEY (poll_id, position));
                CREATE TABLE poll_votes (
                    poll_id INTEGER NOT NULL REFERENCES polls(id) ON DELETE CASCADE,
                    account_id INTEGER NOT NULL REFERENCES accounts(id), choice INTEGER NOT NULL,
                    PRIMARY KEY (poll_id, account_id, choice));
                CREATE TABLE favourites (
                    id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id),
                    status_id INTEGER NOT NULL REFERENCES statuses(id) ON DELETE CASCADE,
                    created_at INTEGER NOT NULL, UNIQUE (account_id, status_id));
                CREATE TABLE bookmarks (
                    id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id),
                    status_id INTEGER NOT NULL REFERENCES statuses(id) ON DELETE CASCADE,
                    created_at INTEGER NOT NULL, UNIQUE (account_id, status_id));
                CREATE TABLE follows (
                    id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id),
                    target_account_id INTEGER NOT NULL REFERENCES accounts(id), created_at INTEGER NOT NULL,
                    UNIQUE (account_id, target_account_id));
                CREATE INDEX follows_target ON follows(target_account_id);
                CREATE TABLE notifications (
                    id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id),
                    from_account_id INTEGER NOT NULL REFERENCES accounts(id), type TEXT NOT NULL,
                    status_id INTEGER REFERENCES statuses(id) ON DELETE CASCADE, created_at INTEGER NOT NULL);
                CREATE INDEX notifications_account ON notifications(account_id, id);
                CREATE TABLE lists (
                    id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id),
                    title TEXT NOT NULL, replies_policy TEXT NOT NULL DEFAULT 'list', exclusive INTEGER NOT NULL DEFAULT 0);
                CREATE TABLE list_accounts (
                    list_id INTEGER NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
                    account_id INTEGER NOT NULL REFERENCES accounts(id), PRIMARY KEY (list_id, account_id));
                CREATE TABLE markers (
                    account_id INTEGER NOT NULL REFERENCES accounts(id), timeline TEXT NOT NULL,
                    last_read_id INTEGER NOT NULL, version INTEGER NOT NULL, updated_at INTEGER NOT NULL,
                    PRIMARY KEY (account_id, timeline));
                CREATE TABLE conversation_reads (
                    account_id INTEGER NOT NULL REFERENCES accounts(id), root_id INTEGER NOT NULL,
                    last_read_status_id INTEGER NOT NULL, PRIMARY KEY (account_id, root_id));
                CREATE TABLE idempotency_keys (
                    account_id INTEGER NOT NULL REFERENCES accounts(id), key TEXT NOT NULL,
                    status_id INTEGER NOT NULL REFERENCES statuses(id) ON DELETE CASCADE,
                    created_at INTEGER NOT NULL, PRIMARY KEY (account_id, key));
                CREATE TABLE instance_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                """)
        }
        migrator.registerMigration("v2-app-tokens") { db in
            // Tokens from `client_credentials`: they belong to an app and open no account.
            try db.execute(sql: """
                CREATE TABLE app_tokens (
                    token TEXT PRIMARY KEY, app_id INTEGER NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
                    scopes TEXT NOT NULL, created_at INTEGER NOT NULL);
                -- Before this version codes and tokens were given without the owner's approval: none is kept.
                DELETE FROM tokens WHERE app_id IS NOT NULL;
                DELETE FROM auth_codes;
                """)
        }
        migrator.registerMigration("v2-indexes") { db in
            // Lookups by status that building a page of statuses makes (counts, media, notifications).
            try db.execute(sql: """
                CREATE INDEX favourites_status ON favourites(status_id);
                CREATE INDEX bookmarks_status ON bookmarks(status_id);
                CREATE INDEX media_status ON media(status_id, position);
                CREATE INDEX notifications_status ON notifications(status_id);
                """)
        }
        migrator.registerMigration("v3-reading") { db in
            // What Mastodon 4.5 sends beside a status: quotes, edits, link cards, custom emoji, the user's filters;
            // and profile fields.
            try db.execute(sql: """
                ALTER TABLE statuses ADD COLUMN quote_of_id INTEGER;
                ALTER TABLE statuses ADD COLUMN quote_state TEXT;
                ALTER TABLE statuses ADD COLUMN edited_at INTEGER;
                CREATE INDEX statuses_quote ON statuses(quote_of_id);
                ALTER TABLE accounts ADD COLUMN fields TEXT NOT NULL DEFAULT '[]';
                CREATE TABLE status_edits (
                    id INTEGER PRIMARY KEY, status_id INTEGER NOT NULL REFERENCES statuses(id) ON DELETE CASCADE,
                    text TEXT NOT NULL, spoiler_text TEXT NOT NULL, sensitive INTEGER NOT NULL, created_at INTEGER NOT NULL);
                CREATE INDEX status_edits_status ON status_edits(status_id, id);
                CREATE TABLE preview_cards (
                    url TEXT PRIMARY KEY, title TEXT NOT NULL, description TEXT NOT NULL, provider_name TEXT NOT NULL,
                    author_name TEXT NOT NULL DEFAULT '', image_description TEXT NOT NULL DEFAULT '', language TEXT);
                CREATE TABLE custom_emojis (shortcode TEXT PRIMARY KEY, category TEXT);
                CREATE TABLE filters (
                    id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id), title TEXT NOT NULL,
                    contexts TEXT NOT NULL, action TEXT NOT NULL, expires_at INTEGER, created_at INTEGER NOT NULL);
                CREATE TABLE filter_keywords (
                    id INTEGER PRIMARY KEY, filter_id INTEGER NOT NULL REFERENCES filters(id) ON DELETE CASCADE,
                    keyword TEXT NOT NULL, whole_word INTEGER NOT NULL DEFAULT 1);
                """)
        }
        InstanceStore.registerSafety(&migrator)
        migrator.registerMigration("v4-writing") { db in try InstanceStore.migrateWriting(db) }
        InstanceStore.registerAccountTools(&migrator)
        InstanceStore.registerFeaturedTags(&migrator)
        InstanceStore.registerAccountStats(&migrator)
        InstanceStore.registerStatusIDs(&migrator)
        InstanceStore.registerBluesky(&migrator)
        InstanceStore.registerMediaFiles(&migrator)
        return migrator
    }
}
