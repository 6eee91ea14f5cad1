import Foundation

/// Whether what a user asks for is on the network, checked before anything is sent.
extension NetworkCapabilities {
    /// The feature a timeline needs; nil for those every network has (home, mentions, a person's, a hashtag's).
    public static func feature(reading kind: TimelineKind) -> Feature? {
        switch kind {
        case .local: .localTimeline
        case .federated: .federatedTimeline
        case .list: .lists
        case .bookmarks: .bookmarks
        case .direct: .directMessages
        case .link: .trends
        case .home, .mentions, .user, .hashtag, .favourites: nil
        }
    }

    /// Returns when the network has the timeline.
    ///
    /// - Throws: ``FeatureUnavailable`` ("Bluesky has no local timeline.").
    public func require(reading kind: TimelineKind) throws(FeatureUnavailable) {
        if let feature = Self.feature(reading: kind) { try require(feature) }
    }

    /// Returns when the network can take the post as written: its poll, its time to publish, its content
    /// warning and its visibility.
    ///
    /// - Throws: ``FeatureUnavailable`` for the first thing the network lacks ("Bluesky has no polls.").
    public func require(offering post: NewPost) throws(FeatureUnavailable) {
        if !post.pollOptions.isEmpty { try require(.polls) }
        if post.scheduledAt != nil { try require(.scheduling) }
        if !post.spoilerText.isEmpty { try require(.contentWarnings) }
        try require(post.visibility)
    }
}
