import ArgumentParser
import ParlaCommands

/// `parla timeline WHICH`: reads a timeline as paragraphs or JSON.
struct TimelineCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Read a timeline: home, mentions, notifications, local, public, @user, #tag, list NAME, link URL, bookmarks, favourites or direct.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @OptionGroup var limit: LimitOption

    @Argument(help: "Which timeline (default home).")
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
    static let configuration = CommandConfiguration(commandName: "thread", abstract: "Read a post's thread: what led to it and the replies.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: "The post's id.") var id: String

    func run() async throws { try await Self.run(id: id, LineOptions(global: global, client: client)) }

    static func run(id: String, _ options: LineOptions) async throws {
        try await LineRunner.run(options) { try await $0.thread(id: id) }
    }
}

/// `parla user @acct`: a profile and the relationship.
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "user", abstract: "Read a user's profile and how you relate.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: "The user's handle, such as @ana or @ana@example.social.") var acct: String

    func run() async throws { try await Self.run(acct, LineOptions(global: global, client: client)) }

    static func run(_ acct: String, _ options: LineOptions) async throws {
        try await LineRunner.run(options) { try await $0.user(acct) }
    }
}

/// `parla followers @acct`.
struct FollowersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "followers", abstract: "List who follows a user.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @OptionGroup var limit: LimitOption
    @Argument(help: "The user's handle.") var acct: String

    func run() async throws { try await Self.run(acct, limit: limit.limit, LineOptions(global: global, client: client)) }

    static func run(_ acct: String, limit: Int, _ options: LineOptions) async throws {
        try await LineRunner.run(options) { try await $0.people(acct, followers: true, limit: limit) }
    }
}

/// `parla following @acct`.
struct FollowingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "following", abstract: "List whom a user follows.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @OptionGroup var limit: LimitOption
    @Argument(help: "The user's handle.") var acct: String

    func run() async throws { try await Self.run(acct, limit: limit.limit, LineOptions(global: global, client: client)) }

    static func run(_ acct: String, limit: Int, _ options: LineOptions) async throws {
        try await LineRunner.run(options) { try await $0.people(acct, followers: false, limit: limit) }
    }
}

/// `parla search TEXT`.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "search", abstract: "Search accounts, hashtags and posts.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @OptionGroup var limit: LimitOption
    @Argument(help: "What to look for.") var text: [String]

    func run() async throws { try await Self.run(text.joined(separator: " "), limit: limit.limit, LineOptions(global: global, client: client)) }

    static func run(_ query: String, limit: Int, _ options: LineOptions) async throws {
        try await LineRunner.run(options) { try await $0.search(query, limit: limit) }
    }
}
