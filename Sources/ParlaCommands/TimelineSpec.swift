import MicroblogKit

/// What `parla timeline WHICH` reads: `home`, `mentions`, `notifications`, `local`, `public`,
/// `@user`, `#tag`, `list NAME`, `feed NAME`, `bookmarks`, `favourites` (also `direct`), `link URL` (posts sharing a link).
public enum TimelineSpec: Hashable, Sendable {
    case timeline(TimelineKind)
    case notifications
    /// A user's posts, by handle (looked up first).
    case user(acct: String)
    /// One of the user's lists, by title (looked up first).
    case list(title: String)
    /// One of the custom feeds the user saved, by its name (looked up first; case and accents do not count).
    case feed(name: String)

    /// Parses the words after `timeline`; nil when they name no timeline.
    public init?(words: [String]) {
        guard let first = words.first else { return nil }
        let rest = words.dropFirst().joined(separator: " ")
        switch first.lowercased() {
        case "home": self = .timeline(.home)
        case "mentions": self = .timeline(.mentions)
        case "notifications": self = .notifications
        case "local": self = .timeline(.local)
        case "public", "federated": self = .timeline(.federated)
        case "direct", "dm": self = .timeline(.direct)
        case "bookmarks": self = .timeline(.bookmarks)
        case "favourites", "favorites": self = .timeline(.favourites)
        case "list":
            guard !rest.isEmpty else { return nil }
            self = .list(title: rest)
            return
        case "feed":
            guard !rest.isEmpty else { return nil }
            self = .feed(name: rest)
            return
        case "link":
            guard words.count == 2 else { return nil }
            self = .timeline(.link(url: words[1]))
            return
        default:
            if first.hasPrefix("@"), first.count > 1 {
                self = .user(acct: String(first.dropFirst()))
            } else if first.hasPrefix("#"), first.count > 1 {
                self = .timeline(.hashtag(String(first.dropFirst())))
            } else {
                return nil
            }
        }
        if !rest.isEmpty { return nil }
    }
}
