/// Something a server pushes while Parla is connected.
public enum StreamEvent: Sendable, Hashable {
    /// A new post on the timeline being streamed.
    case update(Post)
    /// A new notification.
    case notification(MicroblogNotification)
    /// A post was deleted.
    case delete(postId: String)
    /// A post was edited.
    case edited(Post)
}

/// Which stream to follow.
public enum StreamKind: String, Sendable, Hashable, Codable {
    /// The user's home timeline and notifications.
    case user
    case publicAll = "public"
    case publicLocal = "public:local"
}
