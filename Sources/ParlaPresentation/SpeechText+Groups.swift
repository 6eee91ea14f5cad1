import Foundation
import MicroblogKit

extension SpeechText {
    /// The kinds whose groups have a sentence of their own ("Ana and Jordi follow you"); a group of another
    /// kind is told with its single sentence and the names together.
    static let groupSentences: Set<NotificationKind> = [.favourite, .reblog, .follow, .followRequest, .adminSignUp]

    /// What a group of notifications did, or nil when the notification stands alone: "Ana, Jordi and 2 others
    /// favourited your post", "Ana and Jordi follow you", "Ana and 3 others boosted your post".
    func groupHeadline(_ notification: MicroblogNotification) -> Text? {
        guard let group = notification.group, group.count > 1 else { return nil }
        var accounts = [notification.account]
        for account in group.accounts where !accounts.contains(where: { $0.id == account.id }) { accounts.append(account) }
        let named = accounts.prefix(min(2, group.count)).map { plain($0.plainName) }
        let others = group.count - named.count
        func names(_ pick: (Text) -> String) -> String {
            switch (named.count, others) {
            case (2, 0): string("post.group.two", ["first": pick(named[0]), "second": pick(named[1])])
            case (2, _): plural("post.group.two-and-others", others, ["first": pick(named[0]), "second": pick(named[1])])
            default: plural("post.group.one-and-others", others, ["first": pick(named[0])])
            }
        }
        let kind = notification.kind
        let key = Self.groupSentences.contains(kind) ? "post.notification.group.\(kind.rawValue)" : "post.notification.\(kind.rawValue)"
        return Text(display: string(key, ["name": names(\.display)]), spoken: string(key, ["name": names(\.spoken)]))
    }
}
