/// Which timelines the user had open (like an editor's buffers), in their order, and the one they were on:
/// kept with the account so that the next start brings them back.
public struct OpenTimelines: Codable, Hashable, Sendable {
    /// One open timeline.
    public struct Timeline: Codable, Hashable, Sendable {
        /// `TimelineKind.key`, or `notifications`.
        public var key: String
        /// Whose posts a user's timeline shows, as its name says it ("Posts by Ana"); nil for the others.
        public var owner: String?

        public init(key: String, owner: String? = nil) {
            self.key = key
            self.owner = owner
        }
    }

    /// The open timelines, home first.
    public var timelines: [Timeline]
    /// The place in ``timelines`` of the one the user was on.
    public var focused: Int

    public init(timelines: [Timeline], focused: Int = 0) {
        self.timelines = timelines
        self.focused = focused
    }
}
