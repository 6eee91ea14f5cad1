/// Mastodon's `Poll`.
public struct PollEntity: Encodable, Sendable {
    /// One option and its votes.
    public struct Option: Encodable, Sendable {
        public var title: String
        public var votesCount: Int
    }

    public var id: String
    @NullEncoded public var expiresAt: String?
    public var expired: Bool
    public var multiple: Bool
    public var votesCount: Int
    public var votersCount: Int
    public var options: [Option]
    public var emojis: [String]
    public var voted: Bool
    public var ownVotes: [Int]
}
