import Foundation

/// Tells notifications of one kind about one thing as one, as Mastodon 4.3+ groups them: favourites and
/// boosts of the same post, and follows, within the same day. The server's groups (`/api/v2/notifications`)
/// come grouped already; on a server without them, and for notifications that came one by one (the
/// stream), Parla gathers them here the same way, by the server's `group_key` when it sends one.
public enum NotificationGrouping {
    /// The kinds Mastodon groups.
    public static let groupedKinds: Set<NotificationKind> = [.favourite, .reblog, .follow]
    /// Notifications further apart than this are not gathered (Mastodon's window).
    static let window: TimeInterval = 86_400

    /// The key notifications are gathered by: the server's `group_key`, or one made the way Mastodon makes
    /// it (`favourite-<post>-<day>`, `follow-<day>`); nil for one that is told alone.
    public static func key(of notification: MicroblogNotification) -> String? {
        if let key = notification.groupKey { return key.hasPrefix("ungrouped-") ? nil : key }
        guard groupedKinds.contains(notification.kind) else { return nil }
        let day = Int((notification.createdAt.timeIntervalSince1970 / window).rounded(.down))
        if notification.kind == .follow { return "follow-\(day)" }
        guard let post = notification.post?.id else { return nil }
        return "\(notification.kind.rawValue)-\(post)-\(day)"
    }

    /// Gathers notifications, newest first, into groups; each group stands where its most recent member
    /// stood and counts the others (a server's group counts every older one already, so what follows it in
    /// its group is not counted again). Gathering a list already gathered changes nothing.
    public static func grouped(_ notifications: [MicroblogNotification]) -> [MicroblogNotification] {
        var result: [MicroblogNotification] = []
        var slots: [String: Int] = [:]
        for notification in notifications {
            guard let key = key(of: notification) else {
                result.append(notification)
                continue
            }
            guard let at = slots[key] else {
                slots[key] = result.count
                result.append(notification)
                continue
            }
            var first = result[at]
            var group = first.group ?? NotificationGroup(count: 1, accounts: [first.account], countsAll: false)
            let known = Set([first.id] + group.memberIds)
            guard !group.countsAll, !known.contains(notification.id) else { continue }
            let member = notification.group ?? NotificationGroup(count: 1, accounts: [notification.account], countsAll: false)
            if !member.memberIds.isEmpty, !known.isDisjoint(with: member.memberIds) { continue }
            group.count += member.count
            for account in member.accounts where !group.accounts.contains(where: { $0.id == account.id }) {
                group.accounts.append(account)
            }
            group.countsAll = member.countsAll
            group.memberIds += [notification.id] + member.memberIds
            first.group = group
            result[at] = first
        }
        return result
    }
}
