import Foundation
import GRDB
import ParlaBase

/// Gentle live activity for the demo community: now and then a member posts, replies to the owner, mentions
/// them, or favourites or boosts one of their posts, and the streams announce it as the API would, so that
/// streaming and notifications can be heard offline.
///
/// Each action is hand-written and happens once: how far the community has got is kept in the database, so
/// a restart goes on from there and nothing is ever said twice. Waits go through an injected sleeper.
final class DemoActivity: Sendable {
    /// One thing a member does.
    enum Action: Sendable {
        /// A new post of their own.
        case post(String, language: String, text: String)
        /// A reply to the owner's newest public post (it mentions them).
        case reply(String, language: String, text: String)
        /// A post that mentions the owner.
        case mention(String, language: String, text: String)
        /// Favourites the owner's newest post they have not favourited yet.
        case favourite(String)
        /// Boosts the owner's newest post they have not boosted yet.
        case boost(String)
        /// Quotes the owner's newest public post.
        case quote(String, language: String, text: String)
        /// Edits the member's own newest post into this text (heard as an edit on the streams).
        case edit(String, text: String)
    }

    let services: InstanceServices
    let settings: DemoActivitySettings
    let script: [Action]

    init(services: InstanceServices, settings: DemoActivitySettings, script: [Action] = DemoActivity.script) {
        self.services = services
        self.settings = settings
        self.script = script
    }

    /// Acts now and then until the script is done or the task is cancelled.
    func run() async {
        while !Task.isCancelled {
            guard let step = try? nextStep(), step < script.count else { return }
            do { try await settings.sleeper.sleep(for: settings.delay(before: step)) } catch { return }
            if Task.isCancelled { return }
            // A step that cannot be done (the owner has no post yet) is passed over, never retried in a loop.
            let events = (try? perform(step)) ?? []
            services.hub.publish(events)
        }
    }

    static let stepKey = "demo_activity_step"

    /// The next action's index, as kept in the database.
    func nextStep() throws -> Int {
        try services.store.database.queue.read { db in
            Int(try String.fetchOne(db, sql: "SELECT value FROM instance_meta WHERE key = ?", arguments: [Self.stepKey]) ?? "0") ?? 0
        }
    }

    /// Does action `step`, moves the counter on, and returns what the streams must announce.
    func perform(_ step: Int) throws -> [StreamEvent] {
        let store = services.store
        try store.database.queue.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO instance_meta (key, value) VALUES (?, ?)", arguments: [Self.stepKey, String(step + 1)])
        }
        guard step < script.count else { return [] }
        switch script[step] {
        case .post(let author, let language, let text), .mention(let author, let language, let text):
            return try publish(author: author, language: language, text: text, replyTo: nil)
        case .reply(let author, let language, let text):
            guard let target = try ownerPost(notMarkedBy: nil, table: nil) else { return [] }
            return try publish(author: author, language: language, text: text, replyTo: target)
        case .favourite(let author):
            let viewer = try member(author)
            guard let target = try ownerPost(notMarkedBy: viewer.accountID, table: "favourites") else { return [] }
            return try store.mark("favourites", id: target, on: true, viewer: viewer)
        case .boost(let author):
            let viewer = try member(author)
            guard let target = try ownerPost(notMarkedBy: viewer.accountID, table: "boosts") else { return [] }
            return try store.reblog(id: target, viewer: viewer).1
        case .quote(let author, let language, let text):
            guard let target = try ownerPost(notMarkedBy: nil, table: nil) else { return [] }
            return try publish(author: author, language: language, text: text, replyTo: nil, quoting: target)
        case .edit(let author, let text):
            let viewer = try member(author)
            let newest = try store.database.queue.read { db in
                try Int64.fetchOne(
                    db, sql: "SELECT id FROM statuses WHERE account_id = ? AND reblog_of_id IS NULL ORDER BY id DESC LIMIT 1",
                    arguments: [viewer.accountID])
            }
            guard let newest else { return [] }
            return try store.editStatus(id: newest, change: StatusChange(text: text, spoilerText: "", sensitive: false, language: nil), viewer: viewer)
        }
    }

    private func publish(author: String, language: String, text: String, replyTo: Int64?, quoting: Int64? = nil) throws -> [StreamEvent] {
        var new = NewStatus(text: text)
        new.quoteOfID = quoting
        new.language = language
        new.application = "Parla"
        new.inReplyToID = replyTo
        return try services.store.createStatus(new, viewer: member(author), idempotencyKey: nil).events
    }

    private func member(_ username: String) throws -> Viewer {
        let id = try services.store.database.queue.read { db in
            try Int64.fetchOne(db, sql: "SELECT id FROM accounts WHERE username = ?", arguments: [username])
        }
        guard let id else { throw LocalInstanceError.database(path: "accounts", reason: "no account \(username)") }
        return Viewer(accountID: id, scopes: ["read", "write"])
    }

    /// The owner's newest public post (that `account` has not favourited or boosted yet, when given).
    private func ownerPost(notMarkedBy account: Int64?, table: String?) throws -> Int64? {
        try services.store.database.queue.read { db in
            var sql = """
                SELECT s.id FROM statuses s JOIN accounts a ON a.id = s.account_id
                WHERE a.is_owner = 1 AND s.visibility = 'public' AND s.reblog_of_id IS NULL
                """
            var arguments: [(any DatabaseValueConvertible)?] = []
            if let account, table == "favourites" {
                sql += " AND NOT EXISTS(SELECT 1 FROM favourites f WHERE f.status_id = s.id AND f.account_id = ?)"
                arguments.append(account)
            } else if let account {
                sql += " AND NOT EXISTS(SELECT 1 FROM statuses b WHERE b.reblog_of_id = s.id AND b.account_id = ?)"
                arguments.append(account)
            }
            return try Int64.fetchOne(db, sql: sql + " ORDER BY s.id DESC LIMIT 1", arguments: StatementArguments(arguments))
        }
    }
}
