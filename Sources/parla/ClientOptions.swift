import ArgumentParser

/// Options of every command that talks to a server.
struct ClientOptions: ParsableArguments {
    @Option(name: .customLong("account"), help: Help.argument("help.the-account-to-use-see-parla"))
    var account: String?

    @Option(name: .customLong("wait"), help: Help.argument("help.seconds-a-command-may-wait-for"))
    var wait: Int = Self.defaultWait

    @Flag(name: .customLong("json"), help: Help.argument("help.print-json-instead-of-paragraphs"))
    var json = false

    @Flag(name: .customLong("speak"), help: Help.argument("help.also-read-the-output-aloud-with"))
    var speak = false

    /// Seconds a command waits for the rate limit unless `--wait` says otherwise.
    static let defaultWait = 10

    func validate() throws {
        if wait < 0 { throw ValidationError(UsageMessages.text("line.usage.wait")) }
    }
}

/// `--limit N` for reading commands.
struct LimitOption: ParsableArguments {
    @Option(name: .customLong("limit"), help: Help.argument("help.how-many-items-to-read-default"))
    var limit: Int = Self.defaultLimit

    /// Items read unless `--limit` says otherwise, and the most `--limit` may ask for.
    static let defaultLimit = 20
    static let range = 1...1000

    func validate() throws {
        if !Self.range.contains(limit) { throw ValidationError(UsageMessages.text("line.usage.limit")) }
    }
}
