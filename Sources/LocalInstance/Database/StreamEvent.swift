/// One event for the streaming API, already rendered for its audience.
struct StreamEvent: Sendable, Equatable {
    /// Who receives it.
    enum Audience: Sendable, Equatable {
        /// The user stream of this account.
        case user(Int64)
        /// The public (and local) stream.
        case publicTimeline
        /// Every stream (deletions).
        case everyone
    }

    let audience: Audience
    /// `update`, `notification` or `delete`.
    let event: String
    /// The `data:` line: JSON for update and notification, the id for delete.
    let payload: String
}
