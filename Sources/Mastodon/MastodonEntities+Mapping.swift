import Foundation
import MastodonAPI
import MicroblogKit

extension MastodonEntities.Account {
    /// The account, or nil without an id.
    func toModel() -> MicroblogKit.Account? {
        guard let id, !id.isEmpty else { return nil }
        let username = username ?? acct.map { String($0.split(separator: "@").first ?? "") } ?? ""
        return MicroblogKit.Account(
            id: id, acct: acct ?? username, username: username, displayName: displayName ?? "", note: note ?? "",
            url: url ?? "", locked: locked ?? false, bot: bot ?? false, followersCount: followersCount ?? 0,
            followingCount: followingCount ?? 0, postsCount: statusesCount ?? 0, createdAt: createdAt,
            fields: (fields ?? []).map { ProfileField(name: $0.name ?? "", value: $0.value ?? "") })
    }
}

extension MastodonEntities.Poll {
    func toModel() -> MicroblogKit.Poll? {
        guard let id else { return nil }
        return MicroblogKit.Poll(
            id: id, expiresAt: expiresAt, expired: expired ?? false, multiple: multiple ?? false,
            // A hostile server may send negative counts; none is below zero.
            votesCount: max(0, votesCount ?? 0), votersCount: votersCount.map { max(0, $0) },
            options: (options ?? []).map { .init(title: $0.title ?? "", votesCount: $0.votesCount.map { max(0, $0) }) },
            voted: voted, ownVotes: ownVotes ?? [])
    }
}

extension MastodonEntities.Status {
    /// The post, or nil without an id, an author or a date.
    func toModel() -> Post? {
        guard let id, !id.isEmpty, let account = account?.toModel(), let createdAt else { return nil }
        return Post(
            id: id, uri: uri ?? "", url: url, createdAt: createdAt, account: account, content: content ?? "",
            spoilerText: spoilerText ?? "", sensitive: sensitive ?? false, visibility: Visibility.from(visibility ?? "public"),
            language: language, inReplyToId: inReplyToId, inReplyToAccountId: inReplyToAccountId,
            reblog: reblog?.toModel(),
            media: (mediaAttachments ?? []).decoded().compactMap { attachment in
                attachment.id.map {
                    MediaAttachment(id: $0, kind: MediaKind.from(attachment.type ?? "unknown"), url: attachment.url ?? "",
                                    description: attachment.description)
                }
            },
            mentions: (mentions ?? []).decoded().compactMap { mention in
                mention.id.map { Mention(id: $0, username: mention.username ?? "", acct: mention.acct ?? "", url: mention.url ?? "") }
            },
            tags: (tags ?? []).decoded().compactMap(\.name), poll: poll?.toModel(),
            repliesCount: repliesCount ?? 0, reblogsCount: reblogsCount ?? 0, favouritesCount: favouritesCount ?? 0,
            favourited: favourited ?? false, reblogged: reblogged ?? false, bookmarked: bookmarked ?? false,
            editedAt: editedAt)
    }
}

extension MastodonEntities.Notification {
    func toModel() -> MicroblogNotification? {
        guard let id, let account = account?.toModel(), let createdAt else { return nil }
        return MicroblogNotification(
            id: id, kind: NotificationKind.from(type ?? ""), createdAt: createdAt, account: account, post: status?.toModel())
    }
}

extension MastodonEntities.Relationship {
    func toModel() -> MicroblogKit.Relationship? {
        guard let id else { return nil }
        return MicroblogKit.Relationship(
            id: id, following: following ?? false, followedBy: followedBy ?? false, requested: requested ?? false,
            blocking: blocking ?? false, blockedBy: blockedBy ?? false, muting: muting ?? false)
    }
}
