import Foundation
import GRDB

extension InstanceStore {
    /// The types Mastodon groups unless the client asks for others (`grouped_types[]`).
    static let groupableTypes: Set<String> = ["favourite", "reblog", "follow"]
    /// Notifications of a groupable type fall in the same group within this window (seconds).
    static let groupWindow: Int64 = 86_400

    /// A notification's `group_key`, as Mastodon 4.3+ makes it: `favourite-<status>-<window>`,
    /// `follow-<window>`, or `ungrouped-<id>` for the kinds that are never grouped.
    static func groupKey(_ row: Row, groupable: Set<String> = groupableTypes) -> String {
        let type: String = row["type"]
        let id: Int64 = row["id"]
        guard groupable.contains(type) else { return "ungrouped-\(id)" }
        let window = (row["created_at"] as Int64) / 1000 / groupWindow
        if type == "follow" { return "follow-\(window)" }
        let status: Int64? = row["status_id"]
        return "\(type)-\(status.map(String.init) ?? "")-\(window)"
    }

    /// A page of the viewer's notifications as groups (`/api/v2/notifications`): up to `page.limit` groups,
    /// each counted over all its notifications, with the accounts and statuses they name once.
    func groupedNotifications(
        viewer: Viewer, page: PageQuery, types: [String], excludeTypes: [String], groupedTypes: [String]?
    ) throws -> Page<GroupedNotificationsEntity> {
        try settleEndedPolls()
        let groupable = groupedTypes.map { Set($0).intersection(Self.groupableTypes) } ?? Self.groupableTypes
        return try database.queue.read { db in
            var condition = "account_id = ?"
            var arguments: [(any DatabaseValueConvertible)?] = [viewer.accountID]
            if !types.isEmpty {
                condition += " AND type IN (\(Self.placeholders(types.count)))"
                arguments += types.map { $0 as (any DatabaseValueConvertible)? }
            }
            if !excludeTypes.isEmpty {
                condition += " AND type NOT IN (\(Self.placeholders(excludeTypes.count)))"
                arguments += excludeTypes.map { $0 as (any DatabaseValueConvertible)? }
            }
            let all = try Row.fetchAll(
                db, sql: "SELECT * FROM notifications WHERE \(condition) ORDER BY id DESC", arguments: StatementArguments(arguments))
            // Only notifications whose status still exists count (a notification about a deleted status is gone).
            var visible: [Row] = []
            for row in all {
                if let statusID: Int64 = row["status_id"], try status(db, id: statusID, viewer: viewer, context: .notifications) == nil { continue }
                visible.append(row)
            }
            var totals: [String: Int] = [:]
            for row in visible { totals[Self.groupKey(row, groupable: groupable), default: 0] += 1 }
            var candidates = visible.filter { row in
                let id: Int64 = row["id"]
                if let maxID = page.maxID, id >= maxID { return false }
                if let sinceID = page.sinceID, id <= sinceID { return false }
                if let minID = page.minID, id <= minID { return false }
                return true
            }
            if page.minID != nil { candidates.reverse() }
            // Walk from the cursor, taking notifications until one would open a group past the limit.
            var order: [String] = []
            var members: [String: [Row]] = [:]
            var taken: [Row] = []
            for row in candidates {
                let key = Self.groupKey(row, groupable: groupable)
                if members[key] == nil {
                    guard order.count < page.limit else { break }
                    order.append(key)
                }
                members[key, default: []].append(row)
                taken.append(row)
            }
            var accountIDs: [Int64] = []
            var statusIDs: [Int64] = []
            var groups: [NotificationGroupEntity] = []
            for key in order {
                let rows = (members[key] ?? []).sorted { ($0["id"] as Int64) > ($1["id"] as Int64) }
                guard let newest = rows.first, let oldest = rows.last else { continue }
                var samples: [Int64] = []
                for row in rows where samples.count < 8 {
                    let from: Int64 = row["from_account_id"]
                    if !samples.contains(from) { samples.append(from) }
                }
                for id in samples where !accountIDs.contains(id) { accountIDs.append(id) }
                let statusID: Int64? = newest["status_id"]
                if let statusID, !statusIDs.contains(statusID) { statusIDs.append(statusID) }
                groups.append(NotificationGroupEntity(
                    groupKey: key, notificationsCount: totals[key] ?? rows.count, type: newest["type"],
                    mostRecentNotificationId: String(newest["id"] as Int64), pageMinId: String(oldest["id"] as Int64),
                    pageMaxId: String(newest["id"] as Int64),
                    latestPageNotificationAt: MastodonDate.string(MastodonDate.date(millis: newest["created_at"])),
                    sampleAccountIds: samples.map(String.init), statusId: statusID.map(String.init)))
            }
            if page.minID != nil { groups.sort { (Int64($0.pageMaxId) ?? 0) > (Int64($1.pageMaxId) ?? 0) } }
            let accounts = try self.accounts(db, ids: accountIDs)
            let statuses = try statusIDs.compactMap { try status(db, id: $0, viewer: viewer, context: .notifications) }
            let entity = GroupedNotificationsEntity(
                accounts: accountIDs.compactMap { accounts[$0] }, statuses: statuses, notificationGroups: groups)
            let ids = taken.map { $0["id"] as Int64 }
            var result = Page(items: [entity], cursors: [])
            result.newest = ids.max()
            result.oldest = ids.min()
            return result
        }
    }
}
