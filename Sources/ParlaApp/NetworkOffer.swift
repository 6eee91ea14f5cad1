import LVControls
import MicroblogKit

/// Which screen commands need what of the account's network: a command whose feature the network lacks
/// is not bound (so F1, made from the bindings, does not list it), its button is not shown, Go to does
/// not offer its place, and asking for it anyway is answered with one sentence ("Bluesky has no polls.").
enum NetworkOffer {
    /// The feature each command needs; commands not here are on every network.
    static let features: [ScreenCommand: NetworkCapabilities.Feature] = [
        .bookmark: .bookmarks,
        .vote: .polls,
        .editPost: .edit,
        .history: .edit,
        .muteConversation: .muteConversations,
        .reportPost: .reports,
        .pinPost: .pinnedPosts,
        .followHashtag: .followedHashtags,
        .boostedBy: .reactionLists,
        .favouritedBy: .reactionLists,
        .newFilter: .keywordFilters,
        .filters: .keywordFilters,
        .lists: .lists,
        .followedTags: .followedHashtags,
        .trending: .trends,
        .domainBlocks: .domainBlocks,
        .followRequests: .followRequests,
    ]
}

extension AppContext {
    /// What the account's network has (its engine's).
    var capabilities: NetworkCapabilities { engine.capabilities }

    /// Whether the account's network has what `command` needs.
    func offers(_ command: ScreenCommand) -> Bool {
        NetworkOffer.features[command].map(capabilities.has) ?? true
    }

    /// The key table's bindings of those of `commands` the account's network offers, in the table's order.
    func bindings(for commands: [ScreenCommand]) -> [Binding] {
        services.keymap.bindings(for: commands.filter(offers))
    }

    /// The one sentence that answers a command the network lacks ("Bluesky has no polls."), said as an
    /// error; nil when the network has it.
    func refusal(_ command: ScreenCommand) -> ScreenResponse? {
        guard let feature = NetworkOffer.features[command], !capabilities.has(feature) else { return nil }
        return refusal(FeatureUnavailable(.feature(feature), network: capabilities.network))
    }

    /// Says what the network lacks, as an error.
    func refusal(_ unavailable: FeatureUnavailable) -> ScreenResponse {
        ScreenResponse([say(unavailable.message(localizer), earcon: .error)])
    }
}
