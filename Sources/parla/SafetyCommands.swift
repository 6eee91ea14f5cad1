import ArgumentParser
import MicroblogKit
import ParlaCommands

/// `parla mute @acct [--duration 1h] [--no-notifications]`.
struct MuteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "mute", abstract: Help.text("help.mute-a-user-their-posts-leave"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-users-handle-such-as-ana")) var acct: String
    @Option(name: .customLong("duration"), help: Help.argument("help.how-long-1h-1d-7d-or")) var duration = "forever"
    @Flag(name: .customLong("no-notifications"), help: Help.argument("help.keep-their-notifications-mute-their-posts")) var keepNotifications = false

    func validate() throws {
        if MuteDuration(word: duration) == nil { throw ValidationError(UsageMessages.text("safety.usage.duration")) }
    }

    func run() async throws {
        let acct = acct, duration = MuteDuration(word: duration) ?? .forever, notifications = !keepNotifications
        try await LineRunner.run(global: global, client: client) { try await $0.mute(acct, true, duration: duration, notifications: notifications) }
    }
}

struct UnmuteCommand: OneTargetCommand {
    static let configuration = CommandConfiguration(commandName: "unmute", abstract: Help.text("help.stop-muting-a-user"))
    static let act: @Sendable (LineSession, String) async throws -> LineOutput = { try await $0.mute($1, false) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: ArgumentHelp(Help.text("help.the-users-handle"), valueName: "acct")) var target: String
}

struct BlockCommand: OneTargetCommand {
    static let configuration = CommandConfiguration(commandName: "block", abstract: Help.text("help.block-a-user-neither-of-you"))
    static let act: @Sendable (LineSession, String) async throws -> LineOutput = { try await $0.block($1, true) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: ArgumentHelp(Help.text("help.the-users-handle"), valueName: "acct")) var target: String
}

struct UnblockCommand: OneTargetCommand {
    static let configuration = CommandConfiguration(commandName: "unblock", abstract: Help.text("help.stop-blocking-a-user"))
    static let act: @Sendable (LineSession, String) async throws -> LineOutput = { try await $0.block($1, false) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: ArgumentHelp(Help.text("help.the-users-handle"), valueName: "acct")) var target: String
}

/// `parla mutes` / `parla blocks`: whom you muted (and until when) or blocked.
struct MutesCommand: LimitedListCommand {
    static let configuration = CommandConfiguration(commandName: "mutes", abstract: Help.text("help.the-users-you-muted-each-with"))
    static let list: @Sendable (LineSession, Int) async throws -> LineOutput = { try await $0.silenced(mutes: true, limit: $1) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @OptionGroup var limit: LimitOption
}

struct BlocksCommand: LimitedListCommand {
    static let configuration = CommandConfiguration(commandName: "blocks", abstract: Help.text("help.the-users-you-blocked"))
    static let list: @Sendable (LineSession, Int) async throws -> LineOutput = { try await $0.silenced(mutes: false, limit: $1) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @OptionGroup var limit: LimitOption
}

/// `parla domain-block [DOMAIN]`: blocks a whole server, or lists the blocked ones.
struct DomainBlockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "domain-block", abstract: Help.text("help.block-a-whole-server-its-users"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-servers-domain-such-as-spamexample")) var domain: String?

    func run() async throws {
        let domain = domain
        try await LineRunner.run(global: global, client: client) { try await $0.domainBlock(domain, true) }
    }
}

struct DomainUnblockCommand: OneTargetCommand {
    static let configuration = CommandConfiguration(commandName: "domain-unblock", abstract: Help.text("help.stop-blocking-a-server"))
    static let act: @Sendable (LineSession, String) async throws -> LineOutput = { try await $0.domainBlock($1, false) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: ArgumentHelp(Help.text("help.the-servers-domain"), valueName: "domain")) var target: String
}

/// `parla report @acct --reason spam [--post ID…] [--comment TEXT]`.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "report", abstract: Help.text("help.report-a-user-to-your-servers"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-users-handle")) var acct: String
    @Option(name: .customLong("reason"), help: Help.argument("help.spam-legal-violation-or-other")) var reason: String
    @Option(name: .customLong("post"), help: Help.argument("help.a-post-of-theirs-that-shows")) var posts: [String] = []
    @Option(name: .customLong("comment"), help: Help.argument("help.what-the-moderators-should-know")) var comment = ""

    func validate() throws {
        if ReportReason(rawValue: reason.lowercased()) == nil { throw ValidationError(UsageMessages.text("safety.usage.reason")) }
    }

    func run() async throws {
        let acct = acct, reason = ReportReason(rawValue: reason.lowercased()) ?? .other, posts = posts, comment = comment
        try await LineRunner.run(global: global, client: client) { try await $0.report(acct, reason: reason, postIds: posts, comment: comment) }
    }
}

/// `parla requests`, `parla accept @acct`, `parla reject @acct`.
struct RequestsCommand: LimitedListCommand {
    static let configuration = CommandConfiguration(commandName: "requests", abstract: Help.text("help.the-people-asking-to-follow-you"))
    static let list: @Sendable (LineSession, Int) async throws -> LineOutput = { try await $0.followRequests(limit: $1) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @OptionGroup var limit: LimitOption
}

struct AcceptCommand: OneTargetCommand {
    static let configuration = CommandConfiguration(commandName: "accept", abstract: Help.text("help.accept-a-follow-request"))
    static let act: @Sendable (LineSession, String) async throws -> LineOutput = { try await $0.answer($1, accept: true) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: ArgumentHelp(Help.text("help.the-handle-of-who-asked"), valueName: "acct")) var target: String
}

struct RejectCommand: OneTargetCommand {
    static let configuration = CommandConfiguration(commandName: "reject", abstract: Help.text("help.reject-a-follow-request"))
    static let act: @Sendable (LineSession, String) async throws -> LineOutput = { try await $0.answer($1, accept: false) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: ArgumentHelp(Help.text("help.the-handle-of-who-asked"), valueName: "acct")) var target: String
}

/// `parla mute-thread ID` / `parla unmute-thread ID`: notifications about a conversation stop or start again.
struct MuteThreadCommand: OneTargetCommand {
    static let configuration = CommandConfiguration(commandName: "mute-thread", abstract: Help.text("help.stop-notifications-about-a-posts-conversation"))
    static let act: @Sendable (LineSession, String) async throws -> LineOutput = { try await $0.muteThread(postId: $1, true) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: ArgumentHelp(Help.text("help.the-posts-id"), valueName: "id")) var target: String
}

struct UnmuteThreadCommand: OneTargetCommand {
    static let configuration = CommandConfiguration(commandName: "unmute-thread", abstract: Help.text("help.notify-about-a-posts-conversation-again"))
    static let act: @Sendable (LineSession, String) async throws -> LineOutput = { try await $0.muteThread(postId: $1, false) }
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: ArgumentHelp(Help.text("help.the-posts-id"), valueName: "id")) var target: String
}

/// The safety commands, for the subcommand list.
enum SafetyCommands {
    static let all: [any ParsableCommand.Type] = [
        MuteCommand.self, UnmuteCommand.self, BlockCommand.self, UnblockCommand.self, MutesCommand.self, BlocksCommand.self,
        DomainBlockCommand.self, DomainUnblockCommand.self, ReportCommand.self, RequestsCommand.self, AcceptCommand.self,
        RejectCommand.self, MuteThreadCommand.self, UnmuteThreadCommand.self, FiltersCommand.self, FilterCommand.self,
    ]
}
