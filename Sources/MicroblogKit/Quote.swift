/// Whether a quoted post may be shown (Mastodon 4.4+ `Quote.state`).
public enum QuoteState: OpenEnum {
    case pending, accepted, rejected, revoked, deleted, unauthorized, blockedAccount, blockedDomain, mutedAccount
    case unknown(String)

    public static let known: [QuoteState] = [
        .pending, .accepted, .rejected, .revoked, .deleted, .unauthorized, .blockedAccount, .blockedDomain, .mutedAccount,
    ]

    public var rawValue: String {
        switch self {
        case .pending: "pending"
        case .accepted: "accepted"
        case .rejected: "rejected"
        case .revoked: "revoked"
        case .deleted: "deleted"
        case .unauthorized: "unauthorized"
        case .blockedAccount: "blocked_account"
        case .blockedDomain: "blocked_domain"
        case .mutedAccount: "muted_account"
        case .unknown(let raw): raw
        }
    }
}

/// A post quoted inside another post.
public struct Quote: Codable, Hashable, Sendable {
    public var state: QuoteState
    /// The quoted post; nil when the server does not give it (any state but `accepted`, or a nested quote).
    public var post: Box<Post>?

    public init(state: QuoteState, post: Post? = nil) {
        self.state = state
        self.post = post.map(Box.init)
    }
}
