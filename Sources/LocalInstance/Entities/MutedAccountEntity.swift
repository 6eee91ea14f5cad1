/// An `Account` as `/api/v1/mutes` lists it: with `mute_expires_at` (null for a mute without end).
/// Other lists (blocks, follow requests) write the account alone.
public struct MutedAccountEntity: Encodable, Sendable {
    public var account: AccountEntity
    /// For a mute: when it ends (`.some(nil)` for never); nil for the other lists.
    public var muteExpiresAt: String??

    public func encode(to encoder: any Encoder) throws {
        try account.encode(to: encoder)
        guard let muteExpiresAt else { return }
        var container = encoder.container(keyedBy: Key.self)
        if let muteExpiresAt { try container.encode(muteExpiresAt, forKey: .muteExpiresAt) } else {
            try container.encodeNil(forKey: .muteExpiresAt)
        }
    }

    private enum Key: String, CodingKey { case muteExpiresAt }
}
