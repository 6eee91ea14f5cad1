import Foundation
import GRDB

extension InstanceStore {
    private func listEntity(_ row: Row) -> ListEntity {
        let id: Int64 = row["id"]
        return ListEntity(id: String(id), title: row["title"], repliesPolicy: row["replies_policy"], exclusive: row["exclusive"])
    }

    /// The viewer's lists.
    func lists(viewer: Viewer) throws -> [ListEntity] {
        try database.queue.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM lists WHERE account_id = ? ORDER BY id", arguments: [viewer.accountID]).map(listEntity)
        }
    }

    /// One of the viewer's lists.
    func list(id: Int64, viewer: Viewer) throws -> ListEntity {
        try database.queue.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM lists WHERE id = ? AND account_id = ?", arguments: [id, viewer.accountID]) else {
                throw APIError.notFound()
            }
            return listEntity(row)
        }
    }

    static let repliesPolicies: Set<String> = ["followed", "list", "none"]

    /// Creates a list, or renames one when `id` is given.
    func saveList(id: Int64?, title: String?, repliesPolicy: String?, exclusive: Bool?, viewer: Viewer) throws -> ListEntity {
        if let repliesPolicy, !Self.repliesPolicies.contains(repliesPolicy) {
            throw APIError.unprocessable("Replies policy is not included in the list")
        }
        return try database.queue.write { db in
            if let id {
                guard try Bool.fetchOne(db, sql: "SELECT EXISTS(SELECT 1 FROM lists WHERE id = ? AND account_id = ?)", arguments: [id, viewer.accountID]) == true
                else { throw APIError.notFound() }
                if let title {
                    guard !title.trimmingCharacters(in: .whitespaces).isEmpty else { throw APIError.unprocessable("Title can't be blank") }
                    try db.execute(sql: "UPDATE lists SET title = ? WHERE id = ?", arguments: [title, id])
                }
                if let repliesPolicy { try db.execute(sql: "UPDATE lists SET replies_policy = ? WHERE id = ?", arguments: [repliesPolicy, id]) }
                if let exclusive { try db.execute(sql: "UPDATE lists SET exclusive = ? WHERE id = ?", arguments: [exclusive, id]) }
                return listEntity(try Row.fetchOne(db, sql: "SELECT * FROM lists WHERE id = ?", arguments: [id])!)
            }
            guard let title, !title.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw APIError.unprocessable("Title can't be blank")
            }
            try db.execute(
                sql: "INSERT INTO lists (account_id, title, replies_policy, exclusive) VALUES (?, ?, ?, ?)",
                arguments: [viewer.accountID, title, repliesPolicy ?? "list", exclusive ?? false])
            return listEntity(try Row.fetchOne(db, sql: "SELECT * FROM lists WHERE id = ?", arguments: [db.lastInsertedRowID])!)
        }
    }

    /// Deletes one of the viewer's lists.
    func deleteList(id: Int64, viewer: Viewer) throws {
        try database.queue.write { db in
            try db.execute(sql: "DELETE FROM lists WHERE id = ? AND account_id = ?", arguments: [id, viewer.accountID])
            if db.changesCount == 0 { throw APIError.notFound() }
        }
    }

    /// The accounts in a list.
    func listAccounts(id: Int64, viewer: Viewer) throws -> [AccountEntity] {
        try database.queue.read { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS(SELECT 1 FROM lists WHERE id = ? AND account_id = ?)", arguments: [id, viewer.accountID]) == true
            else { throw APIError.notFound() }
            return try Int64.fetchAll(db, sql: "SELECT account_id FROM list_accounts WHERE list_id = ? ORDER BY account_id", arguments: [id])
                .compactMap { try account(db, id: $0) }
        }
    }

    /// Adds or removes accounts; adding needs the viewer to follow them, as on Mastodon.
    func setListAccounts(id: Int64, accountIDs: [Int64], add: Bool, viewer: Viewer) throws {
        guard !accountIDs.isEmpty else { throw APIError.badRequest("account_ids is missing") }
        try database.queue.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS(SELECT 1 FROM lists WHERE id = ? AND account_id = ?)", arguments: [id, viewer.accountID]) == true
            else { throw APIError.notFound() }
            for accountID in accountIDs {
                guard try account(db, id: accountID) != nil else { throw APIError.notFound() }
                if add {
                    let follows = try Bool.fetchOne(
                        db, sql: "SELECT EXISTS(SELECT 1 FROM follows WHERE account_id = ? AND target_account_id = ?)",
                        arguments: [viewer.accountID, accountID]) ?? false
                    guard follows else { throw APIError.unprocessable("You must follow an account to add it to a list") }
                    try db.execute(sql: "INSERT OR IGNORE INTO list_accounts (list_id, account_id) VALUES (?, ?)", arguments: [id, accountID])
                } else {
                    try db.execute(sql: "DELETE FROM list_accounts WHERE list_id = ? AND account_id = ?", arguments: [id, accountID])
                }
            }
        }
    }
}
