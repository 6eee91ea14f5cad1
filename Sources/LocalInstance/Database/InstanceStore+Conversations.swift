import Foundation
import GRDB

extension InstanceStore {
    /// The viewer's direct-message threads, newest activity first, paged by the last status's id.
    ///
    /// A conversation is a thread of direct statuses; its id is the id of the thread's first status.
    func conversations(viewer: Viewer, page: PageQuery) throws -> Page<ConversationEntity> {
        try database.queue.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM statuses s WHERE s.visibility = 'direct'
                    AND (s.account_id = :v OR EXISTS(SELECT 1 FROM mentions m WHERE m.status_id = s.id AND m.account_id = :v))
                    ORDER BY s.id
                    """, arguments: ["v": viewer.accountID])
            var rootOf: [Int64: Int64] = [:]
            var latest: [Int64: Row] = [:]
            var participants: [Int64: Set<Int64>] = [:]
            for row in rows {
                let id: Int64 = row["id"]
                let parent: Int64? = row["in_reply_to_id"]
                let root = parent.flatMap { rootOf[$0] } ?? id
                rootOf[id] = root
                latest[root] = row
                participants[root, default: []].insert(row["account_id"])
                participants[root]!.formUnion(try Int64.fetchAll(db, sql: "SELECT account_id FROM mentions WHERE status_id = ?", arguments: [id]))
            }
            var threads = latest.map { (root: $0.key, last: $0.value["id"] as Int64) }
            threads = threads.filter { thread in
                if let maxID = page.maxID, thread.last >= maxID { return false }
                if let sinceID = page.sinceID, thread.last <= sinceID { return false }
                if let minID = page.minID, thread.last <= minID { return false }
                return true
            }
            threads.sort { $0.last > $1.last }
            if page.minID != nil {
                threads = Array(threads.suffix(page.limit))
            } else {
                threads = Array(threads.prefix(page.limit))
            }
            let entities = try threads.map { thread -> ConversationEntity in
                let read = try Int64.fetchOne(
                    db, sql: "SELECT last_read_status_id FROM conversation_reads WHERE account_id = ? AND root_id = ?",
                    arguments: [viewer.accountID, thread.root]) ?? 0
                let lastRow = latest[thread.root]!
                let others = participants[thread.root]!.subtracting([viewer.accountID]).sorted()
                return ConversationEntity(
                    id: String(thread.root),
                    unread: (lastRow["account_id"] as Int64) != viewer.accountID && read < thread.last,
                    accounts: try others.compactMap { try account(db, id: $0) },
                    lastStatus: try status(db, row: lastRow, viewer: viewer))
            }
            return Page(items: entities, cursors: threads.map(\.last))
        }
    }

    /// Marks a conversation read up to its latest status.
    func readConversation(root: Int64, viewer: Viewer) throws -> ConversationEntity {
        let page = try conversations(viewer: viewer, page: PageQuery(params: Params(), maxLimit: 100_000))
        guard let conversation = page.items.first(where: { $0.id == String(root) }),
            let lastID = conversation.lastStatus.flatMap({ Int64($0.id) })
        else { throw APIError.notFound() }
        try database.queue.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO conversation_reads (account_id, root_id, last_read_status_id) VALUES (?, ?, ?)",
                arguments: [viewer.accountID, root, lastID])
        }
        var read = conversation
        read.unread = false
        return read
    }
}
