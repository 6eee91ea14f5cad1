import ArgumentParser
import Mastodon
import ParlaBase
import ParlaCommands

/// The common reading commands (`timeline`, `thread`, `user`, `followers`, `following` and `search`) read from
/// the command line without ArgumentParser, when the line holds nothing but their words and the options every
/// line command takes.
///
/// ArgumentParser learns a command's options by reflecting over it, and the first reflection of each kind of
/// option looks up protocol conformances across the whole binary: 49 lookups, 2.7 ms of the 22 ms that
/// `parla timeline home --limit 40` took. This reads such a line in microseconds. Whatever it does not take as
/// it stands goes to ArgumentParser, which keeps every usage message and the help as they are: help, `--speak`
/// and the speech options, `--name=value`, an option given twice, a value that is not valid, words the command
/// does not take.
enum LineFastPath {
    /// The command `arguments` (the command's name first) ask for, ready to run; nil when ArgumentParser must
    /// read them.
    ///
    /// Such a command sends its requests one at a time, so the shared event loops are made one thread, not one
    /// per core; this is set here, at the start of the process, before anything has used them (SwiftNIO stops
    /// the process if it is set later or twice).
    static func command(_ arguments: [String]) -> (@Sendable () async throws -> Void)? {
        guard let name = arguments.first, let command = commands[name],
            let line = Line(arguments.dropFirst(), takesLimit: command.takesLimit),
            let run = command.make(line)
        else { return nil }
        AsyncHTTPTransport.useOneEventLoop()
        return run
    }

    /// A command: whether it takes `--limit`, and how it runs a line (nil when its words are not what it takes).
    struct Command: Sendable {
        let takesLimit: Bool
        let make: @Sendable (Line) -> (@Sendable () async throws -> Void)?
    }

    static let commands: [String: Command] = [
        TimelineCommand._commandName: Command(takesLimit: true) { line in
            guard let spec = TimelineSpec(words: line.words.isEmpty ? TimelineCommand.home : line.words) else { return nil }
            return { try await TimelineCommand.run(spec, limit: line.limit, line.options) }
        },
        ThreadCommand._commandName: Command(takesLimit: false) { line in
            guard let id = line.only else { return nil }
            return { try await ThreadCommand.run(id: id, line.options) }
        },
        UserCommand._commandName: Command(takesLimit: false) { line in
            guard let acct = line.only else { return nil }
            return { try await UserCommand.run(acct, line.options) }
        },
        FollowersCommand._commandName: Command(takesLimit: true) { line in
            guard let acct = line.only else { return nil }
            return { try await FollowersCommand.run(acct, limit: line.limit, line.options) }
        },
        FollowingCommand._commandName: Command(takesLimit: true) { line in
            guard let acct = line.only else { return nil }
            return { try await FollowingCommand.run(acct, limit: line.limit, line.options) }
        },
        SearchCommand._commandName: Command(takesLimit: true) { line in
            guard !line.words.isEmpty else { return nil }
            return { try await SearchCommand.run(line.words.joined(separator: " "), limit: line.limit, line.options) }
        },
    ]

    /// A command's words and options.
    struct Line: Sendable {
        var options = LineOptions()
        var limit = LimitOption.defaultLimit
        var words: [String] = []

        /// The one word of a command that takes one.
        var only: String? { words.count == 1 ? words[0] : nil }

        /// Options that take a value (the next argument), and flags.
        static let valued: Set = ["--data-dir", "--config-dir", "--lang", "--account", "--wait"]
        static let flags: Set = ["--json", "--quiet-demo"]
        static let limit = "--limit"

        /// Reads `arguments` (after the command's name); nil when anything is not as this takes it.
        init?(_ arguments: ArraySlice<String>, takesLimit: Bool) {
            var values: [String: String] = [:]
            var flags: Set<String> = []
            var rest = arguments
            while let argument = rest.popFirst() {
                guard argument.hasPrefix("-") else {
                    words.append(argument)
                    continue
                }
                if Self.flags.contains(argument) {
                    guard flags.insert(argument).inserted else { return nil }
                    continue
                }
                guard Self.valued.contains(argument) || (takesLimit && argument == Self.limit), values[argument] == nil,
                    let value = rest.popFirst(), !value.hasPrefix("-")
                else { return nil }
                values[argument] = value
            }
            if let lang = values["--lang"] {
                guard Language(localeIdentifier: lang) != nil else { return nil }
            }
            options = LineOptions(dataDir: values["--data-dir"], configDir: values["--config-dir"], language: values["--lang"],
                                  account: values["--account"])
            options.json = flags.contains("--json")
            if let wait = values["--wait"] {
                guard let seconds = Int(wait), seconds >= 0 else { return nil }
                options.wait = seconds
            }
            if let limit = values[Self.limit] {
                guard let count = Int(limit), LimitOption.range.contains(count) else { return nil }
                self.limit = count
            }
        }
    }
}
