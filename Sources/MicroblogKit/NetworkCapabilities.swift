import Foundation
import ParlaBase

/// What an account's network offers: the screens, their key help (F1) and line mode offer only this,
/// and asking for anything else is answered with one sentence (``FeatureUnavailable``) before anything
/// is sent.
///
/// Each service gives its network's (``TimelineService/capabilities``); a server's own statement
/// (``InstanceInfo/capabilities``) refines the limits it states (Mastodon's length limit, images per
/// post, poll options, whether it streams).
public struct NetworkCapabilities: Hashable, Sendable {
    /// Something a network has or lacks.
    public enum Feature: String, Hashable, Sendable, CaseIterable {
        /// Changing a published post (and listing its earlier versions).
        case edit
        /// Polls in posts, and voting in them.
        case polls
        /// A warning written as text that hides the body until opened (Mastodon's `spoiler_text`).
        case contentWarnings = "content-warnings"
        /// Handing a post to the server to publish later.
        case scheduling
        /// Private bookmarks of posts, and their timeline.
        case bookmarks
        /// Keyword filters kept on the server, which hide or warn about matching posts.
        case keywordFilters = "keyword-filters"
        /// The user's lists of people, each read as a timeline.
        case lists
        /// Making, renaming and deleting lists and choosing who is on them.
        case listManagement = "list-management"
        /// Private messages to named people.
        case directMessages = "direct-messages"
        /// Timelines chosen by someone else's algorithm (Bluesky's feeds), read as timelines.
        case customFeeds = "custom-feeds"
        /// Posts that quote another post.
        case quotes
        /// The timeline of the server's own users.
        case localTimeline = "local-timeline"
        /// The timeline of everything the server knows.
        case federatedTimeline = "federated-timeline"
        /// New posts and notifications pushed by the server as they happen (else they are polled).
        case streaming
        /// Posts pinned to the top of the user's profile.
        case pinnedPosts = "pinned-posts"
        /// Hashtags featured on the user's profile.
        case featuredHashtags = "featured-hashtags"
        /// Following a hashtag so its posts come into home.
        case followedHashtags = "followed-hashtags"
        /// What is trending on the server: posts, hashtags, links.
        case trends
        /// Accounts that approve followers, and the requests to follow the user.
        case followRequests = "follow-requests"
        /// Blocking a whole server.
        case domainBlocks = "domain-blocks"
        /// Muting a conversation (its notifications stop).
        case muteConversations = "mute-conversations"
        /// Reporting a person or a post to the moderators.
        case reports
        /// Name and value fields on the profile ("Pronouns: she/her").
        case profileFields = "profile-fields"
        /// Who favourited (liked) and who boosted (reposted) a post.
        case reactionLists = "reaction-lists"
        /// A private note the user keeps on a person's profile.
        case accountNotes = "account-notes"
    }

    /// How a network counts a post against its length limit.
    public enum LengthCounting: String, Hashable, Sendable {
        /// Mastodon's count: characters of the content warning and the text, every link as 23,
        /// `@name@server` as `@name` (``PostLength``).
        case mastodon
        /// Grapheme clusters (what a person sees as one character) of the text alone (Bluesky's).
        case graphemes
    }

    /// The words a network gives what people do to posts.
    public enum Words: String, Hashable, Sendable {
        /// Mastodon's: favourite and boost (the plain strings).
        case favouriteAndBoost = "favourite-boost"
        /// Bluesky's: like and repost (the strings under `words.like-repost.` in `network-words.json`).
        case likeAndRepost = "like-repost"

        /// The prefix of the strings that replace the plain ones; nil for the plain words.
        public var stringsPrefix: String? {
            switch self {
            case .favouriteAndBoost: nil
            case .likeAndRepost: "words." + rawValue
            }
        }
    }

    /// The network these are of.
    public var network: Network
    /// What the network calls favouriting and boosting: what screens, key help and sentences say.
    public var words: Words
    /// Everything the network has of ``Feature``.
    public var features: Set<Feature>
    /// The visibility levels a post may be given, widest first (Mastodon's four; Bluesky's public only).
    public var visibilities: [Visibility]
    /// The longest post, counted as ``lengthCounting`` says.
    public var maxCharacters: Int
    /// How the length of a post is counted against ``maxCharacters``.
    public var lengthCounting: LengthCounting
    /// The most images (or files) one post may carry.
    public var maxImages: Int
    /// The most options a poll may have (0 when the network has no polls).
    public var maxPollOptions: Int
    /// Whether an image must have alt text to be posted (Bluesky's); else Parla asks before posting one
    /// without it (Mastodon).
    public var altTextRequired: Bool
    /// Whether a reply starts by naming the people it answers (`@ana `): on Mastodon the mention is what
    /// tells them and who sees it; on Bluesky a reply reaches its thread's people by itself, and the
    /// name would only spend graphemes of its 300.
    public var repliesNameTheirAuthor: Bool
    /// The longest display name a profile may have, counted as ``lengthCounting`` says (Mastodon's 30
    /// characters, Bluesky's 64 graphemes).
    public var maxDisplayName: Int
    /// The longest bio (Mastodon's 500 characters, Bluesky's 256 graphemes).
    public var maxBio: Int

    /// Capabilities as listed; ``Feature``s not named are missing.
    public init(
        network: Network, features: Set<Feature>, visibilities: [Visibility], maxCharacters: Int, lengthCounting: LengthCounting,
        maxImages: Int, maxPollOptions: Int, altTextRequired: Bool, words: Words = .favouriteAndBoost,
        repliesNameTheirAuthor: Bool = true, maxDisplayName: Int = ProfileEdit.maxDisplayName, maxBio: Int = ProfileEdit.maxNote
    ) {
        self.network = network
        self.maxDisplayName = maxDisplayName
        self.maxBio = maxBio
        self.repliesNameTheirAuthor = repliesNameTheirAuthor
        self.words = words
        self.features = features
        self.visibilities = visibilities
        self.maxCharacters = maxCharacters
        self.lengthCounting = lengthCounting
        self.maxImages = maxImages
        self.maxPollOptions = maxPollOptions
        self.altTextRequired = altTextRequired
    }

    /// `localizer` saying this network's words ("Like" and "Repost" on Bluesky).
    public func speaking(_ localizer: Localizer) -> Localizer { localizer.withWords(words.stringsPrefix) }

    /// Whether the network has `feature`.
    public func has(_ feature: Feature) -> Bool { features.contains(feature) }

    /// Whether a post may be given `visibility`.
    public func offers(_ visibility: Visibility) -> Bool { visibilities.contains(visibility) }

    /// Returns when the network has `feature`.
    ///
    /// - Throws: ``FeatureUnavailable`` naming the network and what it lacks ("Bluesky has no polls.").
    public func require(_ feature: Feature) throws(FeatureUnavailable) {
        guard has(feature) else { throw FeatureUnavailable(.feature(feature), network: network) }
    }

    /// Returns when a post may be given `visibility`.
    ///
    /// - Throws: ``FeatureUnavailable`` ("Bluesky has no unlisted posts.").
    public func require(_ visibility: Visibility) throws(FeatureUnavailable) {
        guard offers(visibility) else { throw FeatureUnavailable(.visibility(visibility), network: network) }
    }

    /// The length of a post as this network counts it.
    public func length(text: String, spoilerText: String = "") -> Int {
        switch lengthCounting {
        case .mastodon: PostLength.counted(text: text, spoilerText: spoilerText)
        case .graphemes: text.count
        }
    }

    /// How far over ``maxCharacters`` the post is; nil when it fits.
    public func over(_ post: NewPost) -> Int? {
        let length = length(text: post.text, spoilerText: post.spoilerText)
        return length > maxCharacters ? length - maxCharacters : nil
    }
}

extension NetworkCapabilities {
    /// Mastodon's, before its server says otherwise: every feature, the four visibilities, 500 characters
    /// counted as Mastodon counts, 4 images, 4 poll options, alt text asked for but not required.
    public static let mastodon = NetworkCapabilities(
        network: .mastodon, features: Set(Feature.allCases).subtracting([.customFeeds]), visibilities: Visibility.known,
        maxCharacters: 500, lengthCounting: .mastodon, maxImages: 4, maxPollOptions: 4, altTextRequired: false)

    /// Bluesky's: public posts only, 300 graphemes, 4 images each with its alt text; bookmarks, lists read,
    /// custom feeds, quotes, direct messages (through its chat service, not as posts), reports, muted
    /// threads, who liked and reposted, and one pinned post (pinning another replaces it); no edit, polls,
    /// written content warnings, scheduling, keyword filters kept on the server, list management, local or
    /// federated timelines, streaming (home and notifications are polled), featured or followed hashtags,
    /// trends, follow requests, server blocks, profile fields or private notes. A profile's name may have
    /// 64 graphemes and its bio 256.
    public static let bluesky = NetworkCapabilities(
        network: .bluesky,
        features: [.bookmarks, .lists, .directMessages, .customFeeds, .quotes, .muteConversations, .reports, .reactionLists, .pinnedPosts],
        visibilities: [.public], maxCharacters: 300, lengthCounting: .graphemes, maxImages: 4, maxPollOptions: 0,
        altTextRequired: true, words: .likeAndRepost, repliesNameTheirAuthor: false, maxDisplayName: 64, maxBio: 256)

    /// The network's capabilities before any server stated its own.
    public static func of(_ network: Network) -> NetworkCapabilities {
        switch network {
        case .mastodon: .mastodon
        case .bluesky: .bluesky
        }
    }
}
