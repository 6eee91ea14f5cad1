import MicroblogKit
import ParlaBase

extension Account {
    /// "42 posts, 1 follower, following 7", in the localizer's language with singular and plural forms.
    public func counts(_ localizer: Localizer) -> String {
        [
            localizer.plural("post.account.posts", count: postsCount, placeholder: "n"),
            localizer.plural("post.account.followers", count: followersCount, placeholder: "n"),
            localizer.plural("post.account.following", count: followingCount, placeholder: "n"),
        ].joined(separator: localizer.string("post.separator"))
    }
}
