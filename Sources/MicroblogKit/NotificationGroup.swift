/// Notifications of one kind about one thing told as one ("Ana, Jordi and 2 others favourited your post"):
/// what the server's `NotificationGroup` says, or what Parla gathered from single notifications.
public struct NotificationGroup: Codable, Hashable, Sendable {
    /// How many notifications the group holds.
    public var count: Int
    /// Who sent them, the most recent first, each once (the server sends a sample of up to 8).
    public var accounts: [Account]
    /// Whether ``count`` covers every older notification of the group: the server counted it. Older copies and
    /// single notifications of the group are then part of it already.
    public var countsAll: Bool
    /// The ids of the single notifications gathered into this one besides its own (none for a server's group).
    public var memberIds: [String]

    public init(count: Int, accounts: [Account], countsAll: Bool, memberIds: [String] = []) {
        self.count = count
        self.accounts = accounts
        self.countsAll = countsAll
        self.memberIds = memberIds
    }
}
