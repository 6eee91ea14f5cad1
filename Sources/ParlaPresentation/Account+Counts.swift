import MicroblogKit
import ParlaBase

extension Account {
    /// "42 posts, 1 follower, following 7", in the localizer's language with singular and plural forms.
    ///
    /// - Parameter directMessagesAside: the network's post count leaves direct messages out (Mastodon's
    ///   `statuses_count` does), while the account's posts listed to the user include those they are in: the
    ///   count says so ("22 posts besides direct messages" above a list of 23), so that what is said is true.
    public func counts(_ localizer: Localizer, directMessagesAside: Bool = false) -> String {
        [
            localizer.plural(directMessagesAside ? "profile-counts.posts-besides-direct" : "post.account.posts", count: postsCount, placeholder: "n"),
            localizer.plural("post.account.followers", count: followersCount, placeholder: "n"),
            localizer.plural("post.account.following", count: followingCount, placeholder: "n"),
        ].joined(separator: localizer.string("post.separator"))
    }
}
