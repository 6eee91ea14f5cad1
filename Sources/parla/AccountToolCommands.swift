import ArgumentParser
import MicroblogKit
import ParlaCommands

/// `parla lists [show|create|rename|delete|members|add|remove]`: the user's lists and who is on them.
struct ListsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lists", abstract: "Your lists: show them, create, rename or delete one, and add or remove people.",
        subcommands: [ListsShowCommand.self, ListCreateCommand.self, ListRenameCommand.self, ListDeleteCommand.self, ListMembersCommand.self,
                      ListAddCommand.self, ListRemoveCommand.self],
        defaultSubcommand: ListsShowCommand.self)
}

struct ListsShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Your lists, each with its id.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions

    func run() async throws {
        try await LineRunner.run(global: global, client: client) { try await $0.lists() }
    }
}

struct ListCreateCommand: OneTargetCommand {
    static let configuration = CommandConfiguration(commandName: "create", abstract: "Create a list.")
    static let act: @Sendable (LineSession, String) async throws -> LineOutput = { try await $0.createList($1) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: ArgumentHelp("Its title.", valueName: "title")) var target: String
}

struct ListRenameCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a list.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: "The list's title or id.") var list: String
    @Argument(help: "The new title.") var title: String

    func run() async throws {
        let list = list, title = title
        try await LineRunner.run(global: global, client: client) { try await $0.renameList(list, to: title) }
    }
}

struct ListDeleteCommand: OneTargetCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a list (the people on it are not unfollowed).")
    static let act: @Sendable (LineSession, String) async throws -> LineOutput = { try await $0.deleteList($1) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: ArgumentHelp("The list's title or id.", valueName: "list")) var target: String
}

struct ListMembersCommand: OneTargetCommand {
    static let configuration = CommandConfiguration(commandName: "members", abstract: "The people on a list.")
    static let act: @Sendable (LineSession, String) async throws -> LineOutput = { try await $0.listMembers($1) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: ArgumentHelp("The list's title or id.", valueName: "list")) var target: String
}

struct ListAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add someone you follow to a list.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: "The list's title or id.") var list: String
    @Argument(help: "The user's handle, such as @ana.") var acct: String

    func run() async throws {
        let list = list, acct = acct
        try await LineRunner.run(global: global, client: client) { try await $0.setListMember(list, acct, member: true) }
    }
}

struct ListRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Take someone off a list.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: "The list's title or id.") var list: String
    @Argument(help: "The user's handle.") var acct: String

    func run() async throws {
        let list = list, acct = acct
        try await LineRunner.run(global: global, client: client) { try await $0.setListMember(list, acct, member: false) }
    }
}

/// `parla tags [followed|follow|unfollow]`: hashtags whose posts come into home.
struct TagsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tags", abstract: "Hashtags you follow (their posts come into home) and those featured on your profile.",
        subcommands: [TagsFollowedCommand.self, TagFollowCommand.self, TagUnfollowCommand.self, TagInfoCommand.self, TagsFeaturedCommand.self,
                      TagFeatureCommand.self, TagUnfeatureCommand.self],
        defaultSubcommand: TagsFollowedCommand.self)
}

struct TagsFollowedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "followed", abstract: "The hashtags you follow.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions

    func run() async throws {
        try await LineRunner.run(global: global, client: client) { try await $0.followedHashtags() }
    }
}

struct TagFollowCommand: OneTargetCommand {
    static let configuration = CommandConfiguration(commandName: "follow", abstract: "Follow a hashtag.")
    static let act: @Sendable (LineSession, String) async throws -> LineOutput = { try await $0.followHashtag($1, true) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: ArgumentHelp("The hashtag, with or without #.", valueName: "tag")) var target: String
}

struct TagUnfollowCommand: OneTargetCommand {
    static let configuration = CommandConfiguration(commandName: "unfollow", abstract: "Stop following a hashtag.")
    static let act: @Sendable (LineSession, String) async throws -> LineOutput = { try await $0.followHashtag($1, false) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: ArgumentHelp("The hashtag, with or without #.", valueName: "tag")) var target: String
}

/// `parla profile [update …]`: your name, bio, fields and whether follow requests need your approval.
struct ProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile", abstract: "Your profile as you wrote it; update changes it.",
        subcommands: [ProfileShowCommand.self, ProfileUpdateCommand.self], defaultSubcommand: ProfileShowCommand.self)
}

struct ProfileShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Your name, bio, fields and whether your account is locked.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions

    func run() async throws {
        try await LineRunner.run(global: global, client: client) { try await $0.profile() }
    }
}

struct ProfileUpdateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "update", abstract: "Change your profile (only what you name changes).")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Option(name: .customLong("name"), help: "Your display name (up to 30 characters).") var name: String?
    @Option(name: .customLong("bio"), help: "Your bio (up to 500 characters).") var bio: String?
    @Option(name: .customLong("field"), help: "A field as NAME=VALUE (repeat; up to 4 in all); a field of that name changes.") var fields: [String] = []
    @Option(name: .customLong("remove-field"), help: "Take away the field with this name (repeat for more).") var removeFields: [String] = []
    @Flag(name: .customLong("clear-fields"), help: "Take away every field first.") var clearFields = false
    @Flag(name: .customLong("locked"), help: "Follow requests need your approval.") var locked = false
    @Flag(name: .customLong("unlocked"), help: "Anyone may follow you at once.") var unlocked = false

    func validate() throws {
        if locked && unlocked { throw ValidationError(UsageMessages.text("account7.usage.locked")) }
        for field in fields where !field.contains("=") { throw ValidationError(UsageMessages.text("account7.usage.field")) }
        if let name, name.count > ProfileEdit.maxDisplayName { throw ValidationError(UsageMessages.text("account7.usage.name")) }
        if let bio, bio.count > ProfileEdit.maxNote { throw ValidationError(UsageMessages.text("account7.usage.bio")) }
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
    static let configuration = CommandConfiguration(commandName: "pin", abstract: "Pin one of your posts to your profile.")
    static let act: @Sendable (LineSession, String) async throws -> LineOutput = { try await $0.pin($1, true) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: ArgumentHelp("The post's id.", valueName: "id")) var target: String
}

struct UnpinCommand: OneTargetCommand {
    static let configuration = CommandConfiguration(commandName: "unpin", abstract: "Unpin a post from your profile.")
    static let act: @Sendable (LineSession, String) async throws -> LineOutput = { try await $0.pin($1, false) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: ArgumentHelp("The post's id.", valueName: "id")) var target: String
}

struct PinnedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pinned", abstract: "The posts pinned to a profile (yours by default).")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: "The user's handle (default you).") var acct: String?

    func run() async throws {
        let acct = acct
        try await LineRunner.run(global: global, client: client) { try await $0.pinned(acct) }
    }
}

struct NoteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "note", abstract: "Your private note on someone (only you see it; \"\" removes it). parla user shows it.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: "The user's handle.") var acct: String
    @Argument(help: "The note.") var text: String

    func run() async throws {
        let acct = acct, text = text
        try await LineRunner.run(global: global, client: client) { try await $0.note(acct, text) }
    }
}

struct TrendingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "trending", abstract: "What is trending on your server: posts, tags or links.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: "posts (default), tags or links.") var kind = "posts"
    @Option(name: .customLong("limit"), help: "How many (1 to 40, default 10).") var limit = 10

    func validate() throws {
        if TrendKind(rawValue: kind.lowercased()) == nil { throw ValidationError(UsageMessages.text("account7.usage.trending")) }
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
