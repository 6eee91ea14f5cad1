import Foundation
import MastodonAPI
import MicroblogKit

extension MastodonClient {
    /// A page of notification groups (`/api/v2/notifications`): each group is one notification, its most
    /// recent, carrying how many the group holds and who sent them (``MicroblogNotification/group``). Paged
    /// by `max_id`, `since_id` and `min_id` like v1, at the largest page (80 groups).
    ///
    /// - Throws: ``MicroblogError/notFound`` when the server has no grouped notifications (before Mastodon 4.3).
    public func groupedNotifications(page: PageRequest) async throws -> Page<MicroblogNotification> {
        let query = Self.paging(page, defaultLimit: Self.accountPageLimit)
        let (results, response) = try await get(API.Notifications.grouped(query: query))
        return Self.page(results.toModels(), response, request: page, id: \.id)
    }
}

extension MastodonEntities.GroupedNotificationsResults {
    /// The groups as notifications, newest first: the accounts and statuses they name looked up by id; a group
    /// whose sender is missing is left out, as a v1 notification without its account is.
    func toModels() -> [MicroblogNotification] {
        var accounts: [String: Account] = [:]
        for entity in (self.accounts ?? []).decoded() {
            if let account = entity.toModel() { accounts[account.id] = account }
        }
        var statuses: [String: Post] = [:]
        for entity in (self.statuses ?? []).decoded() {
            if let post = entity.toModel() { statuses[post.id] = post }
        }
        return (notificationGroups ?? []).decoded().compactMap { group in
            let senders = (group.sampleAccountIds ?? []).compactMap { accounts[$0] }
            let post = group.statusId.flatMap { statuses[$0] }
            guard let id = group.mostRecentNotificationId, let first = senders.first,
                  let createdAt = group.latestPageNotificationAt ?? post?.createdAt else { return nil }
            return MicroblogNotification(
                id: id, kind: NotificationKind.from(group.type ?? ""), createdAt: createdAt, account: first, post: post,
                details: group.details, groupKey: group.groupKey,
                group: NotificationGroup(count: max(1, group.notificationsCount ?? 1), accounts: senders, countsAll: true))
        }
    }
}

extension MastodonEntities.NotificationGroup {
    /// What a report, severance or moderation warning group carries; nil for the others.
    var details: NotificationDetails? {
        NotificationDetails.from(report: report, event: event, moderationWarning: moderationWarning, year: nil)
    }
}
