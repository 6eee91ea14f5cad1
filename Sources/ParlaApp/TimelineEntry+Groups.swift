import MicroblogKit

extension TimelineEntry {
    /// Notifications as entries, those of one group told as one ("Ana, Jordi and 2 others favourited your
    /// post"): grouped by the server already (`/api/v2/notifications`) or here.
    static func notifications(_ list: [MicroblogNotification]) -> [TimelineEntry] {
        NotificationGrouping.grouped(list).map(TimelineEntry.notification)
    }

    /// The entries again with the notifications among them grouped (an older page's members joining a group
    /// above); a timeline of posts stays as it is.
    static func regrouped(_ entries: [TimelineEntry]) -> [TimelineEntry] {
        let notifications = entries.compactMap(\.notification)
        guard notifications.count == entries.count else { return entries }
        return Self.notifications(notifications)
    }

    /// The notification of this entry, if it is one.
    var notification: MicroblogNotification? {
        if case .notification(let notification) = self { return notification }
        return nil
    }

    /// The ids this entry stands for: its own, and those of the notifications gathered into it.
    var ids: [String] {
        [id] + (notification?.group?.memberIds ?? [])
    }
}
