import ArgumentParser

/// Options of every command that talks to a server.
struct ClientOptions: ParsableArguments {
    @Option(name: .customLong("account"), help: "The account to use (see `parla accounts`); default: the first one, or the local instance when there is none.")
    var account: String?

    @Option(name: .customLong("wait"), help: "Seconds a command may wait for the server's rate limit before it gives up with status 75 (default 10).")
    var wait: Int = 10

    @Flag(name: .customLong("json"), help: "Print JSON instead of paragraphs.")
    var json = false

    @Flag(name: .customLong("speak"), help: "Also read the output aloud (with the speech options) as it is printed.")
    var speak = false

    func validate() throws {
        if wait < 0 { throw ValidationError(UsageMessages.text("line.usage.wait")) }
    }
}

/// `--limit N` for reading commands.
struct LimitOption: ParsableArguments {
    @Option(name: .customLong("limit"), help: "How many items to read (default 20; pages of the largest size are fetched).")
    var limit: Int = 20

    func validate() throws {
        if limit < 1 || limit > 1000 { throw ValidationError(UsageMessages.text("line.usage.limit")) }
    }
}
