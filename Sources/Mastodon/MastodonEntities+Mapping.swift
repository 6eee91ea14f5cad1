import Foundation
import MastodonAPI
import MicroblogKit

extension MastodonEntities.Account {
    /// The account, or nil without an id.
    func toModel() -> MicroblogKit.Account? {
        guard let id, !id.isEmpty else { return nil }
        let username = username ?? acct.map { String($0.split(separator: "@").first ?? "") } ?? ""
        let emojis = (emojis ?? []).decoded().compactMap { $0.toModel() }
        var account = MicroblogKit.Account(
            id: id, acct: acct ?? username, username: username, displayName: displayName ?? "", note: RichText(html: note ?? "", emojis: emojis),
            url: url ?? "", locked: locked ?? false, bot: bot ?? false, followersCount: followersCount ?? 0,
            followingCount: followingCount ?? 0, postsCount: statusesCount ?? 0, createdAt: createdAt,
            fields: (fields ?? []).decoded().map { AccountField(name: $0.name ?? "", value: RichText(html: $0.value ?? "", emojis: emojis)) },
            moved: moved?.value?.value.toModel(), emojis: emojis)
        if let language = source?.value?.language, !language.isEmpty { account.postingLanguage = language }
        return account
    }
}

extension MastodonEntities.CustomEmoji {
    func toModel() -> CustomEmoji? {
        guard let shortcode, !shortcode.isEmpty else { return nil }
        return CustomEmoji(shortcode: shortcode, url: url.flatMap { $0.isEmpty ? nil : $0 })
    }
}

extension MastodonEntities.FilterResult {
    /// The match, or nil without a filter.
    func toModel() -> FilterMatch? {
        guard let filter else { return nil }
        return FilterMatch(title: filter.title ?? "", action: FilterAction.from(filter.filterAction ?? "warn"))
    }
}

extension MastodonEntities.Quote {
    /// The quote, or nil without a state.
    func toModel() -> Quote? {
        guard let state else { return nil }
        return Quote(state: QuoteState.from(state), post: quotedStatus?.toModel())
    }
}

extension MastodonEntities.PreviewCard {
    /// The card, or nil without an address.
    func toModel() -> LinkCard? {
        guard let url, !url.isEmpty else { return nil }
        return LinkCard(url: url, title: title ?? "", providerName: providerName ?? "")
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

extension MastodonEntities.Attachment {
    /// The attachment with what `meta.original` measured; a size, length or rate that is not positive is left out.
    func toModel(id: String) -> MediaAttachment {
        let original = meta?.value?.original?.value
        return MediaAttachment(
            id: id, kind: MediaKind.from(type ?? "unknown"), url: url ?? "", description: description,
            duration: original?.duration.flatMap { $0 > 0 && $0.isFinite ? $0 : nil },
            width: original?.width.flatMap { $0 > 0 ? $0 : nil }, height: original?.height.flatMap { $0 > 0 ? $0 : nil },
            frameRate: original?.framesPerSecond)
    }
}

extension MastodonEntities.Status {
    /// The post, or nil without an id, an author or a date.
    func toModel() -> Post? {
        guard let id, !id.isEmpty, let account = account?.toModel(), let createdAt else { return nil }
        let emojis = (emojis ?? []).decoded().compactMap { $0.toModel() }
        var post = Post(
            id: id, uri: uri ?? "", url: url, createdAt: createdAt, account: account, content: RichText(html: content ?? "", emojis: emojis),
            spoilerText: spoilerText ?? "", sensitive: sensitive ?? false, visibility: Visibility.from(visibility ?? "public"),
            language: language, inReplyToId: inReplyToId, inReplyToAccountId: inReplyToAccountId,
            reblog: reblog?.toModel(),
            media: (mediaAttachments ?? []).decoded().compactMap { attachment in
                attachment.id.map { attachment.toModel(id: $0) }
            },
            mentions: (mentions ?? []).decoded().compactMap { mention in
                mention.id.map { Mention(id: $0, username: mention.username ?? "", acct: mention.acct ?? "", url: mention.url ?? "") }
            },
            tags: (tags ?? []).decoded().compactMap { $0.name }, poll: poll?.toModel(),
            repliesCount: repliesCount ?? 0, reblogsCount: reblogsCount ?? 0, favouritesCount: favouritesCount ?? 0,
            favourited: favourited ?? false, reblogged: reblogged ?? false, bookmarked: bookmarked ?? false,
            editedAt: editedAt, filtered: (filtered ?? []).decoded().compactMap { $0.toModel() },
            quote: quote?.value?.toModel(), card: card?.value?.toModel(), emojis: emojis)
        post.pinned = pinned
        return post
    }
}

extension MastodonEntities.Notification {
    func toModel() -> MicroblogNotification? {
        guard let id, let account = account?.toModel(), let createdAt else { return nil }
        return MicroblogNotification(
            id: id, kind: NotificationKind.from(type ?? ""), createdAt: createdAt, account: account, post: status?.toModel(),
            details: details, groupKey: groupKey)
    }

    /// What a report, severance, warning or annual report notification carries; nil for the others.
    var details: NotificationDetails? {
        NotificationDetails.from(report: report, event: event, moderationWarning: moderationWarning, year: annualReport?.value?.year)
    }
}

extension NotificationDetails {
    /// What a notification or group of them carries, from its wire entities; nil when none is there.
    static func from(
        report: Lenient<MastodonEntities.Report>?, event: Lenient<MastodonEntities.RelationshipSeveranceEvent>?,
        moderationWarning: Lenient<MastodonEntities.AccountWarning>?, year: Int?
    ) -> NotificationDetails? {
        let report = report?.value.map { NotificationDetails.Report(category: $0.category ?? "other", target: $0.targetAccount?.toModel()) }
        let severance = event?.value.map {
            NotificationDetails.Severance(type: $0.type ?? "", targetName: $0.targetName ?? "", followersCount: $0.followersCount ?? 0,
                                          followingCount: $0.followingCount ?? 0)
        }
        let warning = moderationWarning?.value.map { NotificationDetails.Warning(action: $0.action ?? "none", text: $0.text ?? "") }
        guard report != nil || severance != nil || warning != nil || year != nil else { return nil }
        return NotificationDetails(report: report, severance: severance, warning: warning, annualReportYear: year)
    }
}

extension MastodonEntities.Relationship {
    func toModel() -> MicroblogKit.Relationship? {
        guard let id else { return nil }
        var model = MicroblogKit.Relationship(
            id: id, following: following ?? false, followedBy: followedBy ?? false, requested: requested ?? false,
            blocking: blocking ?? false, blockedBy: blockedBy ?? false, muting: muting ?? false)
        (model.mutingNotifications, model.domainBlocking) = (mutingNotifications ?? false, domainBlocking ?? false)
        model.note = note ?? ""
        return model
    }
}
