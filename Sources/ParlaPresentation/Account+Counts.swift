import MicroblogKit
import ParlaBase

extension Account {
    /// "42 posts, 1 follower, following 7", in the localizer's language with singular and plural forms.
    public func counts(_ localizer: Localizer) -> String {
        counts(localizer, posts: localizer.plural("post.account.posts", count: postsCount, placeholder: "n"))
    }

    /// The counts to show and to say where the network's count of posts leaves direct messages out
    /// (Mastodon's `statuses_count`), while the profile's list of posts holds those the viewer is in:
    /// short on screen ("5 posts (no DMs)", so that a 40-column profile keeps its rows) and whole in
    /// speech ("5 posts, not counting direct messages").
    public func countsLeavingOutDirect(_ localizer: Localizer) -> (shown: String, spoken: String) {
        (counts(localizer, posts: localizer.plural("posts-count.without-direct.shown", count: postsCount, placeholder: "n")),
         counts(localizer, posts: localizer.plural("posts-count.without-direct.spoken", count: postsCount, placeholder: "n")))
    }

    private func counts(_ localizer: Localizer, posts: String) -> String {
        [
            posts,
            localizer.plural("post.account.followers", count: followersCount, placeholder: "n"),
            localizer.plural("post.account.following", count: followingCount, placeholder: "n"),
        ].joined(separator: localizer.string("post.separator"))
    }
}
