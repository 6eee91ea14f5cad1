import ArgumentParser
import ParlaCommands

/// A line command on the one user, post, list, hashtag or server its argument names (`parla unmute @ana`,
/// `parla pin 109`), as ``PostActionCommand`` is for the one-post actions: each command is its name, its
/// help and the call.
protocol OneTargetCommand: AsyncParsableCommand {
    /// What the command does to the target, through the line session.
    static var act: @Sendable (LineSession, String) async throws -> LineOutput { get }
    var global: GlobalOptions { get }
    var client: ClientOptions { get }
    var target: String { get }
}

extension OneTargetCommand {
    func run() async throws {
        let target = target, act = Self.act
        try await LineRunner.run(global: global, client: client) { try await act($0, target) }
    }
}

/// A line command that lists (`parla mutes`), at most `--limit` entries.
protocol LimitedListCommand: AsyncParsableCommand {
    static var list: @Sendable (LineSession, Int) async throws -> LineOutput { get }
    var global: GlobalOptions { get }
    var client: ClientOptions { get }
    var limit: LimitOption { get }
}

extension LimitedListCommand {
    func run() async throws {
        let limit = limit.limit, list = Self.list
        try await LineRunner.run(global: global, client: client) { try await list($0, limit) }
    }
}
