/// Mastodon 4.3+'s `NotificationGroup`: notifications of one kind about one thing, counted together.
public struct NotificationGroupEntity: Encodable, Sendable {
    public var groupKey: String
    public var notificationsCount: Int
    public var type: String
    public var mostRecentNotificationId: String
    public var pageMinId: String
    public var pageMaxId: String
    public var latestPageNotificationAt: String
    public var sampleAccountIds: [String]
    @NullEncoded public var statusId: String?
}

/// Mastodon 4.3+'s `GroupedNotificationsResults`: the groups, with each account and status they name once.
public struct GroupedNotificationsEntity: Encodable, Sendable {
    public var accounts: [AccountEntity]
    public var statuses: [StatusEntity]
    public var notificationGroups: [NotificationGroupEntity]
}
