import Foundation

/// Whether what a user asks for is on the network, checked before anything is sent.
extension NetworkCapabilities {
    /// What a timeline needs; nil for those every network has (home, mentions, a person's, a hashtag's, the
    /// posts sharing a link). Direct messages as a timeline of posts are Mastodon's direct visibility.
    public static func need(reading kind: TimelineKind) -> FeatureUnavailable.Missing? {
        switch kind {
        case .local: .feature(.localTimeline)
        case .federated: .feature(.federatedTimeline)
        case .list: .feature(.lists)
        case .bookmarks: .feature(.bookmarks)
        case .feed: .feature(.customFeeds)
        case .direct: .visibility(.direct)
        case .home, .mentions, .user, .hashtag, .favourites, .link: nil
        }
    }

    /// Whether the network has the timeline.
    public func offers(reading kind: TimelineKind) -> Bool {
        switch Self.need(reading: kind) {
        case .feature(let feature)?: has(feature)
        case .visibility(let visibility)?: offers(visibility)
        case nil: true
        }
    }

    /// Returns when the network has the timeline.
    ///
    /// - Throws: ``FeatureUnavailable`` ("Bluesky has no local timeline.").
    public func require(reading kind: TimelineKind) throws(FeatureUnavailable) {
        guard let need = Self.need(reading: kind), !offers(reading: kind) else { return }
        throw FeatureUnavailable(need, network: network)
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
