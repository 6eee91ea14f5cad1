/// Mastodon's `Report`, as the server answers a report the user filed.
public struct ReportEntity: Encodable, Sendable {
    public var id: String
    public var actionTaken: Bool
    @NullEncoded public var actionTakenAt: String?
    public var category: String
    public var comment: String
    public var forwarded: Bool
    public var createdAt: String
    @NullEncoded public var statusIds: [String]?
    @NullEncoded public var ruleIds: [String]?
    public var targetAccount: AccountEntity
}
