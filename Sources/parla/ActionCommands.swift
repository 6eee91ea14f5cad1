import ArgumentParser
import ParlaCommands

/// `parla boost ID` and the other one-post actions, one command each.
protocol PostActionCommand: AsyncParsableCommand {
    static var action: PostAction { get }
    var global: GlobalOptions { get }
    var client: ClientOptions { get }
    var id: String { get }
}

extension PostActionCommand {
    func run() async throws {
        let id = id, action = Self.action
        try await LineRunner.run(global: global, client: client) { try await $0.act(action, postId: id) }
    }
}

struct BoostCommand: PostActionCommand {
    static let configuration = CommandConfiguration(commandName: "boost", abstract: Help.text("help.boost-a-post"))
    static let action = PostAction.boost
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-posts-id")) var id: String
}

struct UnboostCommand: PostActionCommand {
    static let configuration = CommandConfiguration(commandName: "unboost", abstract: Help.text("help.undo-a-boost"))
    static let action = PostAction.unboost
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-posts-id")) var id: String
}

struct FavouriteCommand: PostActionCommand {
    static let configuration = CommandConfiguration(commandName: "favourite", abstract: Help.text("help.favourite-a-post"), aliases: ["favorite"])
    static let action = PostAction.favourite
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-posts-id")) var id: String
}

struct UnfavouriteCommand: PostActionCommand {
    static let configuration = CommandConfiguration(commandName: "unfavourite", abstract: Help.text("help.undo-a-favourite"), aliases: ["unfavorite"])
    static let action = PostAction.unfavourite
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-posts-id")) var id: String
}

struct BookmarkCommand: PostActionCommand {
    static let configuration = CommandConfiguration(commandName: "bookmark", abstract: Help.text("help.bookmark-a-post"))
    static let action = PostAction.bookmark
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-posts-id")) var id: String
}

struct UnbookmarkCommand: PostActionCommand {
    static let configuration = CommandConfiguration(commandName: "unbookmark", abstract: Help.text("help.remove-a-bookmark"))
    static let action = PostAction.unbookmark
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-posts-id")) var id: String
}

/// `parla delete ID`: deletes one of your posts.
struct DeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: Help.text("help.delete-one-of-your-posts"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-posts-id")) var id: String

    func run() async throws {
        let id = id
        try await LineRunner.run(global: global, client: client) { try await $0.delete(postId: id) }
    }
}

/// `parla follow @acct` / `parla unfollow @acct`.
struct FollowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "follow", abstract: Help.text("help.follow-a-user"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-users-handle-such-as-ana")) var acct: String

    func run() async throws {
        let acct = acct
        try await LineRunner.run(global: global, client: client) { try await $0.follow(acct, true) }
    }
}

struct UnfollowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unfollow", abstract: Help.text("help.stop-following-a-user"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-users-handle")) var acct: String

    func run() async throws {
        let acct = acct
        try await LineRunner.run(global: global, client: client) { try await $0.follow(acct, false) }
    }
}

/// `parla vote ID CHOICE…`: votes in a post's poll (options numbered from 1).
struct VoteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "vote", abstract: Help.text("help.vote-in-a-posts-poll-options"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-posts-id")) var id: String
    @Argument(help: Help.argument("help.the-option-numbers")) var choices: [Int]

    func run() async throws {
        let id = id, choices = choices
        try await LineRunner.run(global: global, client: client) { try await $0.vote(postId: id, choices: choices) }
    }
}
