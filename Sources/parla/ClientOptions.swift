import ArgumentParser

/// Options of every command that talks to a server.
struct ClientOptions: ParsableArguments {
    @Option(name: .customLong("account"), help: "The account to use (see `parla accounts`); default: the first one, or the local instance when there is none.")
    var account: String?

    @Option(name: .customLong("wait"), help: "Seconds a command may wait for the server's rate limit before it gives up with status 75 (default 10).")
    var wait: Int = Self.defaultWait

    @Flag(name: .customLong("json"), help: "Print JSON instead of paragraphs.")
    var json = false

    @Flag(name: .customLong("speak"), help: "Also read the output aloud (with the speech options) as it is printed.")
    var speak = false

    /// Seconds a command waits for the rate limit unless `--wait` says otherwise.
    static let defaultWait = 10

    func validate() throws {
        if wait < 0 { throw ValidationError(UsageMessages.text("line.usage.wait")) }
    }
}

/// `--limit N` for reading commands.
struct LimitOption: ParsableArguments {
    @Option(name: .customLong("limit"), help: "How many items to read (default 20; pages of the largest size are fetched).")
    var limit: Int = Self.defaultLimit

    /// Items read unless `--limit` says otherwise, and the most `--limit` may ask for.
    static let defaultLimit = 20
    static let range = 1...1000

    func validate() throws {
        if !Self.range.contains(limit) { throw ValidationError(UsageMessages.text("line.usage.limit")) }
    }
}
