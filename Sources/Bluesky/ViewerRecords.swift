import Foundation

/// What the user did to posts and accounts, as the records that undo it: a post's like and repost, an
/// account's follow and block. Learnt from every view the server sends (`viewer.like`, `viewer.following` …)
/// and from every record Parla writes; kept inside the Bluesky module, never handed to the app.
final class ViewerRecords: @unchecked Sendable {
    /// The records of one post.
    struct PostRecords: Hashable, Sendable {
        var like: String?
        var repost: String?
    }

    /// The records of one account.
    struct AccountRecords: Hashable, Sendable {
        var follow: String?
        var block: String?
    }

    private let lock = NSLock()
    private var posts: [String: PostRecords] = [:]
    private var accounts: [String: AccountRecords] = [:]

    /// Remembers what a post's view says.
    func learn(post uri: String, viewer: Lexicon.PostViewer?) {
        guard let viewer else { return }
        lock.withLock { posts[uri] = PostRecords(like: viewer.like, repost: viewer.repost) }
    }

    /// Remembers what an account's view says.
    func learn(account did: String, viewer: Lexicon.ActorViewer?) {
        guard let viewer else { return }
        lock.withLock { accounts[did] = AccountRecords(follow: viewer.following, block: viewer.blocking) }
    }

    /// The records of a post, when a view of it was seen.
    func post(_ uri: String) -> PostRecords? { lock.withLock { posts[uri] } }

    /// The records of an account, when a view of it was seen.
    func account(_ did: String) -> AccountRecords? { lock.withLock { accounts[did] } }

    /// Changes what is known of a post.
    func update(post uri: String, _ change: (inout PostRecords) -> Void) {
        lock.withLock { change(&posts[uri, default: PostRecords()]) }
    }

    /// Changes what is known of an account.
    func update(account did: String, _ change: (inout AccountRecords) -> Void) {
        lock.withLock { change(&accounts[did, default: AccountRecords()]) }
    }
}
