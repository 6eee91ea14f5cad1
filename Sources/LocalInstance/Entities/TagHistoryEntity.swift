/// One day of a hashtag's use, as Mastodon writes it (numbers as text, the day as a UNIX time).
public struct TagHistoryEntity: Encodable, Sendable {
    public var day: String
    public var uses: String
    public var accounts: String
}
