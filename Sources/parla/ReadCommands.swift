import ArgumentParser
import ParlaCommands

/// `parla timeline WHICH`: reads a timeline as paragraphs or JSON.
struct TimelineCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: Help.text("help.read-a-timeline-home-mentions-notifications"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @OptionGroup var limit: LimitOption

    @Argument(help: Help.argument("help.which-timeline-default-home"))
    var which: [String] = Self.home

    /// The timeline read when none is named.
    static let home = ["home"]

    func validate() throws {
        if TimelineSpec(words: which) == nil {
            throw ValidationError(UsageMessages.text("line.usage.timeline", ["timeline": which.joined(separator: " ")]))
        }
    }

    func run() async throws {
        try await Self.run(TimelineSpec(words: which)!, limit: limit.limit, LineOptions(global: global, client: client))
    }

    static func run(_ spec: TimelineSpec, limit: Int, _ options: LineOptions) async throws {
        try await LineRunner.run(options) { try await $0.timeline(spec, limit: limit) }
    }
}

/// `parla thread ID`: a post with what led to it and its replies.
struct ThreadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "thread", abstract: Help.text("help.read-a-posts-thread-what-led"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-posts-id")) var id: String

    func run() async throws { try await Self.run(id: id, LineOptions(global: global, client: client)) }

    static func run(id: String, _ options: LineOptions) async throws {
        try await LineRunner.run(options) { try await $0.thread(id: id) }
    }
}

/// `parla user @acct`: a profile and the relationship.
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "user", abstract: Help.text("help.read-a-users-profile-and-how"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-users-handle-such-as-ana-2")) var acct: String

    func run() async throws { try await Self.run(acct, LineOptions(global: global, client: client)) }

    static func run(_ acct: String, _ options: LineOptions) async throws {
        try await LineRunner.run(options) { try await $0.user(acct) }
    }
}

/// `parla followers @acct`.
struct FollowersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "followers", abstract: Help.text("help.list-who-follows-a-user"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @OptionGroup var limit: LimitOption
    @Argument(help: Help.argument("help.the-users-handle")) var acct: String

    func run() async throws { try await Self.run(acct, limit: limit.limit, LineOptions(global: global, client: client)) }

    static func run(_ acct: String, limit: Int, _ options: LineOptions) async throws {
        try await LineRunner.run(options) { try await $0.people(acct, followers: true, limit: limit) }
    }
}

/// `parla following @acct`.
struct FollowingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "following", abstract: Help.text("help.list-whom-a-user-follows"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @OptionGroup var limit: LimitOption
    @Argument(help: Help.argument("help.the-users-handle")) var acct: String

    func run() async throws { try await Self.run(acct, limit: limit.limit, LineOptions(global: global, client: client)) }

    static func run(_ acct: String, limit: Int, _ options: LineOptions) async throws {
        try await LineRunner.run(options) { try await $0.people(acct, followers: false, limit: limit) }
    }
}

/// `parla search TEXT`.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "search", abstract: Help.text("help.search-accounts-hashtags-and-posts"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @OptionGroup var limit: LimitOption
    @Argument(help: Help.argument("help.what-to-look-for")) var text: [String]

    func run() async throws { try await Self.run(text.joined(separator: " "), limit: limit.limit, LineOptions(global: global, client: client)) }

    static func run(_ query: String, limit: Int, _ options: LineOptions) async throws {
        try await LineRunner.run(options) { try await $0.search(query, limit: limit) }
    }
}
