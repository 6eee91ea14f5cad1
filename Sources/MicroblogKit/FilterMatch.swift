/// What a server filter does to a post it matches (Mastodon's `filter.filter_action`).
public enum FilterAction: OpenEnum {
    /// Shown behind "Filtered: <title>", like a content warning.
    case warn
    /// Not shown or read at all.
    case hide
    /// Its media hidden as sensitive (Mastodon 4.4+).
    case blur
    case unknown(String)

    public static let known: [FilterAction] = [.warn, .hide, .blur]

    public var rawValue: String {
        switch self {
        case .warn: "warn"
        case .hide: "hide"
        case .blur: "blur"
        case .unknown(let raw): raw
        }
    }
}

/// A user's server filter that matched a post (Mastodon's `FilterResult`).
public struct FilterMatch: Codable, Hashable, Sendable {
    /// The filter's name, as the user wrote it ("Spoilers").
    public var title: String
    public var action: FilterAction

    public init(title: String, action: FilterAction) {
        self.title = title
        self.action = action
    }
}

extension Post {
    /// The filters that matched this post or the post it boosts.
    public var filterMatches: [FilterMatch] {
        (filtered ?? []) + (reblog?.value.filtered ?? [])
    }

    /// Whether a filter with the `hide` action matched: the post is neither shown nor read.
    public var isHiddenByFilter: Bool {
        filterMatches.contains { $0.action == .hide }
    }

    /// The filters that put the post behind a warning (`warn`, and any action Parla does not know).
    public var warningFilters: [FilterMatch] {
        filterMatches.filter {
            switch $0.action {
            case .hide, .blur: false
            case .warn, .unknown: true
            }
        }
    }

    /// Whether a filter asks for the media to be hidden as sensitive.
    public var isBlurredByFilter: Bool {
        filterMatches.contains { $0.action == .blur }
    }
}
