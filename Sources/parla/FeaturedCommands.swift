import ArgumentParser
import MicroblogKit
import ParlaCommands

/// `parla tags info TAG`: a hashtag's use this week and whether you follow it.
struct TagInfoCommand: OneTargetCommand {
    static let configuration = CommandConfiguration(commandName: "info", abstract: Help.text("help.a-hashtag-its-posts-and-people"))
    static let act: @Sendable (LineSession, String) async throws -> LineOutput = { try await $0.hashtagInfo($1) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: ArgumentHelp(Help.text("help.the-hashtag-with-or-without"), valueName: "tag")) var target: String
}

/// `parla tags featured`: the hashtags featured on your profile.
struct TagsFeaturedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "featured", abstract: Help.text("help.the-hashtags-featured-on-your-profile"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions

    func run() async throws {
        try await LineRunner.run(global: global, client: client) { try await $0.featuredHashtags() }
    }
}

/// `parla tags feature TAG`.
struct TagFeatureCommand: OneTargetCommand {
    static let configuration = CommandConfiguration(commandName: "feature", abstract: Help.text("help.feature-a-hashtag-on-your-profile"))
    static let act: @Sendable (LineSession, String) async throws -> LineOutput = { try await $0.featureHashtag($1) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: ArgumentHelp(Help.text("help.the-hashtag-with-or-without"), valueName: "tag")) var target: String
}

/// `parla tags unfeature TAG`.
struct TagUnfeatureCommand: OneTargetCommand {
    static let configuration = CommandConfiguration(commandName: "unfeature", abstract: Help.text("help.stop-featuring-a-hashtag-on-your"))
    static let act: @Sendable (LineSession, String) async throws -> LineOutput = { try await $0.unfeatureHashtag($1) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: ArgumentHelp(Help.text("help.the-hashtag-with-or-without"), valueName: "tag")) var target: String
}

/// `parla boosted-by ID`: who boosted a post.
struct BoostedByCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "boosted-by", abstract: Help.text("help.list-who-boosted-a-post"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @OptionGroup var limit: LimitOption
    @Argument(help: Help.argument("help.the-posts-id")) var id: String

    func run() async throws {
        let id = id, count = limit.limit
        try await LineRunner.run(global: global, client: client) { try await $0.reactions(postId: id, boosts: true, limit: count) }
    }
}

/// `parla favourited-by ID`: who favourited a post.
struct FavouritedByCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "favourited-by", abstract: Help.text("help.list-who-favourited-a-post"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @OptionGroup var limit: LimitOption
    @Argument(help: Help.argument("help.the-posts-id")) var id: String

    func run() async throws {
        let id = id, count = limit.limit
        try await LineRunner.run(global: global, client: client) { try await $0.reactions(postId: id, boosts: false, limit: count) }
    }
}
