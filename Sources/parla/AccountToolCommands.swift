import ArgumentParser
import MicroblogKit
import ParlaCommands

/// `parla lists [show|create|rename|delete|members|add|remove]`: the user's lists and who is on them.
struct ListsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lists", abstract: Help.text("help.your-lists-show-them-create-rename"),
        subcommands: [ListsShowCommand.self, ListCreateCommand.self, ListRenameCommand.self, ListDeleteCommand.self, ListMembersCommand.self,
                      ListAddCommand.self, ListRemoveCommand.self],
        defaultSubcommand: ListsShowCommand.self)
}

struct ListsShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: Help.text("help.your-lists-each-with-its-id"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions

    func run() async throws {
        try await LineRunner.run(global: global, client: client) { try await $0.lists() }
    }
}

struct ListCreateCommand: OneTargetCommand {
    static let configuration = CommandConfiguration(commandName: "create", abstract: Help.text("help.create-a-list"))
    static let act: @Sendable (LineSession, String) async throws -> LineOutput = { try await $0.createList($1) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: ArgumentHelp(Help.text("help.its-title"), valueName: "title")) var target: String
}

struct ListRenameCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: Help.text("help.rename-a-list"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-lists-title-or-id")) var list: String
    @Argument(help: Help.argument("help.the-new-title")) var title: String

    func run() async throws {
        let list = list, title = title
        try await LineRunner.run(global: global, client: client) { try await $0.renameList(list, to: title) }
    }
}

struct ListDeleteCommand: OneTargetCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: Help.text("help.delete-a-list-the-people-on"))
    static let act: @Sendable (LineSession, String) async throws -> LineOutput = { try await $0.deleteList($1) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: ArgumentHelp(Help.text("help.the-lists-title-or-id"), valueName: "list")) var target: String
}

struct ListMembersCommand: OneTargetCommand {
    static let configuration = CommandConfiguration(commandName: "members", abstract: Help.text("help.the-people-on-a-list"))
    static let act: @Sendable (LineSession, String) async throws -> LineOutput = { try await $0.listMembers($1) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: ArgumentHelp(Help.text("help.the-lists-title-or-id"), valueName: "list")) var target: String
}

struct ListAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: Help.text("help.add-someone-you-follow-to-a"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-lists-title-or-id")) var list: String
    @Argument(help: Help.argument("help.the-users-handle-such-as-ana")) var acct: String

    func run() async throws {
        let list = list, acct = acct
        try await LineRunner.run(global: global, client: client) { try await $0.setListMember(list, acct, member: true) }
    }
}

struct ListRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: Help.text("help.take-someone-off-a-list"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-lists-title-or-id")) var list: String
    @Argument(help: Help.argument("help.the-users-handle")) var acct: String

    func run() async throws {
        let list = list, acct = acct
        try await LineRunner.run(global: global, client: client) { try await $0.setListMember(list, acct, member: false) }
    }
}

/// `parla tags [followed|follow|unfollow]`: hashtags whose posts come into home.
struct TagsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tags", abstract: Help.text("help.hashtags-you-follow-their-posts-come"),
        subcommands: [TagsFollowedCommand.self, TagFollowCommand.self, TagUnfollowCommand.self, TagInfoCommand.self, TagsFeaturedCommand.self,
                      TagFeatureCommand.self, TagUnfeatureCommand.self],
        defaultSubcommand: TagsFollowedCommand.self)
}

struct TagsFollowedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "followed", abstract: Help.text("help.the-hashtags-you-follow"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions

    func run() async throws {
        try await LineRunner.run(global: global, client: client) { try await $0.followedHashtags() }
    }
}

struct TagFollowCommand: OneTargetCommand {
    static let configuration = CommandConfiguration(commandName: "follow", abstract: Help.text("help.follow-a-hashtag"))
    static let act: @Sendable (LineSession, String) async throws -> LineOutput = { try await $0.followHashtag($1, true) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: ArgumentHelp(Help.text("help.the-hashtag-with-or-without"), valueName: "tag")) var target: String
}

struct TagUnfollowCommand: OneTargetCommand {
    static let configuration = CommandConfiguration(commandName: "unfollow", abstract: Help.text("help.stop-following-a-hashtag"))
    static let act: @Sendable (LineSession, String) async throws -> LineOutput = { try await $0.followHashtag($1, false) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: ArgumentHelp(Help.text("help.the-hashtag-with-or-without"), valueName: "tag")) var target: String
}

/// `parla profile [update …]`: your name, bio, fields and whether follow requests need your approval.
struct ProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile", abstract: Help.text("help.your-profile-as-you-wrote-it"),
        subcommands: [ProfileShowCommand.self, ProfileUpdateCommand.self], defaultSubcommand: ProfileShowCommand.self)
}

struct ProfileShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: Help.text("help.your-name-bio-fields-and-whether"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions

    func run() async throws {
        try await LineRunner.run(global: global, client: client) { try await $0.profile() }
    }
}

struct ProfileUpdateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "update", abstract: Help.text("help.change-your-profile-only-what-you"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Option(name: .customLong("name"), help: Help.argument("help.your-display-name-up-to-30")) var name: String?
    @Option(name: .customLong("bio"), help: Help.argument("help.your-bio-up-to-500-characters")) var bio: String?
    @Option(name: .customLong("field"), help: Help.argument("help.a-field-as-namevalue-repeat-up")) var fields: [String] = []
    @Option(name: .customLong("remove-field"), help: Help.argument("help.take-away-the-field-with-this")) var removeFields: [String] = []
    @Flag(name: .customLong("clear-fields"), help: Help.argument("help.take-away-every-field-first")) var clearFields = false
    @Flag(name: .customLong("locked"), help: Help.argument("help.follow-requests-need-your-approval")) var locked = false
    @Flag(name: .customLong("unlocked"), help: Help.argument("help.anyone-may-follow-you-at-once")) var unlocked = false

    func validate() throws {
        if locked && unlocked { throw ValidationError(UsageMessages.text("usage.locked")) }
        for field in fields where !field.contains("=") { throw ValidationError(UsageMessages.text("usage.field")) }
        if let name, name.count > ProfileEdit.maxDisplayName { throw ValidationError(UsageMessages.text("usage.name")) }
        if let bio, bio.count > ProfileEdit.maxNote { throw ValidationError(UsageMessages.text("usage.bio")) }
    }

    func run() async throws {
        let change = ProfileChange(
            displayName: name, note: bio,
            fields: fields.map { field in
                let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return ProfileField(name: String(parts[0]), value: parts.count > 1 ? String(parts[1]) : "")
            },
            removeFields: removeFields, clearFields: clearFields, locked: locked ? true : unlocked ? false : nil)
        try await LineRunner.run(global: global, client: client) { try await $0.updateProfile(change) }
    }
}

struct PinCommand: OneTargetCommand {
    static let configuration = CommandConfiguration(commandName: "pin", abstract: Help.text("help.pin-one-of-your-posts-to"))
    static let act: @Sendable (LineSession, String) async throws -> LineOutput = { try await $0.pin($1, true) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: ArgumentHelp(Help.text("help.the-posts-id"), valueName: "id")) var target: String
}

struct UnpinCommand: OneTargetCommand {
    static let configuration = CommandConfiguration(commandName: "unpin", abstract: Help.text("help.unpin-a-post-from-your-profile"))
    static let act: @Sendable (LineSession, String) async throws -> LineOutput = { try await $0.pin($1, false) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: ArgumentHelp(Help.text("help.the-posts-id"), valueName: "id")) var target: String
}

struct PinnedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pinned", abstract: Help.text("help.the-posts-pinned-to-a-profile"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-users-handle-default-you")) var acct: String?

    func run() async throws {
        let acct = acct
        try await LineRunner.run(global: global, client: client) { try await $0.pinned(acct) }
    }
}

struct NoteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "note", abstract: Help.text("help.your-private-note-on-someone-only"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-users-handle")) var acct: String
    @Argument(help: Help.argument("help.the-note")) var text: String

    func run() async throws {
        let acct = acct, text = text
        try await LineRunner.run(global: global, client: client) { try await $0.note(acct, text) }
    }
}

struct TrendingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "trending", abstract: Help.text("help.what-is-trending-on-your-server"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.posts-default-tags-or-links")) var kind = "posts"
    @Option(name: .customLong("limit"), help: Help.argument("help.how-many-1-to-40-default")) var limit = 10

    func validate() throws {
        if TrendKind(rawValue: kind.lowercased()) == nil { throw ValidationError(UsageMessages.text("usage.trending")) }
        if limit < 1 || limit > 40 { throw ValidationError(UsageMessages.text("line.usage.limit")) }
    }

    func run() async throws {
        let kind = TrendKind(rawValue: kind.lowercased()) ?? .posts, limit = limit
        try await LineRunner.run(global: global, client: client) { try await $0.trending(kind, limit: limit) }
    }
}

enum AccountToolCommands {
    static let all: [any ParsableCommand.Type] = [
        ListsCommand.self, TagsCommand.self, ProfileCommand.self, PinCommand.self, UnpinCommand.self, PinnedCommand.self, NoteCommand.self,
        TrendingCommand.self, BoostedByCommand.self, FavouritedByCommand.self,
    ]
}
