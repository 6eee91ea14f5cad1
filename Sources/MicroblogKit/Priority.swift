/// How urgent a request is; the rate-limit budget serves higher priorities first.
///
/// Set it around a call with `RequestPriority.$current.withValue(.background) { … }`; a call made
/// without it counts as the user's own action.
public enum RequestPriority: Int, Comparable, Sendable, Codable, CaseIterable {
    /// Prefetch, gap filling, refreshes nobody asked for.
    case background = 0
    /// The home timeline's regular updates.
    case home = 1
    /// Mentions and direct messages.
    case mentions = 2
    /// What the user just asked for; may use the reserve.
    case user = 3

    public static func < (lhs: RequestPriority, rhs: RequestPriority) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The priority of the calls made by the current task.
    @TaskLocal public static var current: RequestPriority = .user
}
