import ArgumentParser
import Foundation
import ParlaBase

/// The `parla` command: the screen by default, and its subcommands.
@main
struct Parla: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parla",
        abstract: Help.text("help.an-accessible-keyboard-only-microblog-client"),
        discussion: Help.text("help.with-no-command-parla-opens-its"),
        version: ParlaVersion.current,
        subcommands: [
            OpenCommand.self, TimelineCommand.self, ThreadCommand.self, UserCommand.self, FollowersCommand.self, FollowingCommand.self,
            SearchCommand.self, PostCommand.self, ReplyCommand.self, DirectMessageCommand.self, BoostCommand.self, UnboostCommand.self,
            FavouriteCommand.self, UnfavouriteCommand.self, BookmarkCommand.self, UnbookmarkCommand.self, DeleteCommand.self,
            FollowCommand.self, UnfollowCommand.self, VoteCommand.self, LoginCommand.self, LogoutCommand.self, AccountsCommand.self,
            OutboxCommand.self, BudgetCommand.self, SayCommand.self, ServeCommand.self, GalleryCommand.self,
            ScheduledCommand.self, UnscheduleCommand.self, RemindCommand.self, RemindersCommand.self, RedraftCommand.self, EditCommand.self,
            SpellCommand.self, MediaCommand.self,
        ] + SafetyCommands.all + AccountToolCommands.all,
        defaultSubcommand: OpenCommand.self
    )

    /// Parses and runs; usage errors exit with status 2 (as the README documents), not 64.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // The English strings are read on the other core while the command line is parsed (help needs none).
        if !arguments.contains(where: { $0 == "--help" || $0 == "-h" || $0 == "help" }) {
            LocalizerPreload.start(environment: ProcessInfo.processInfo.environment)
        }
        if let verbose = VersionReport.requested(arguments) {
            print(VersionReport.lines(verbose: verbose, localizer: UsageMessages.localizer).joined(separator: "\n"))
            return
        }
        do {
            let arguments = Self.subcommandFirst(arguments)
            if let command = LineFastPath.command(arguments) {
                try await command()
                return
            }
            var command = try parse(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure, !(error is ExitCode) {
                // A usage error from the parser: one clear line; `parla COMMAND --help` lists the options.
                // A command's own 64 (the account's network lacks what was asked for) has said its sentence.
                let english = message(for: error).split(separator: "\n").first.map(String.init) ?? ""
                let message = UsageMessages.translate(english, localizer: UsageMessages.localizer)
                FileHandle.standardError.write(Data(("parla: " + message + "\n").utf8))
                Foundation.exit(2)
            }
            if code == .success, !(error is ExitCode) {
                // Help (and --version): written in the interface language, the parser's own words too.
                print(Help.localizingFrame(fullMessage(for: error)))
                Foundation.exit(0)
            }
            exit(withError: error)
        }
    }

    /// The command `arguments` (command first) ask for.
    ///
    /// A named command other than the screen is parsed on its own first: parsed from the root, the parser also
    /// builds the screen's (the default command's) whole set of options by reflection, to learn whether it
    /// takes the rest of the line, which was a tenth of a line command's time. The root parses the line
    /// whenever the command alone does not (help, completion scripts, any error), so usage, help and every
    /// message stay as they were.
    static func parse(_ arguments: [String]) throws -> any ParsableCommand {
        let rootOnly = ["--help", "-h", "--version", "--experimental-dump-help"]
        if let name = arguments.first, name != OpenCommand._commandName,
            let subcommand = configuration.subcommands.first(where: { $0._commandName == name }),
            !arguments.contains(where: { rootOnly.contains($0) || $0.hasPrefix("--generate-completion") }),
            let command = try? subcommand.parseAsRoot(Array(arguments.dropFirst()))
        {
            return command
        }
        return try parseAsRoot(arguments)
    }

    /// The flags that may come before a command; every other option before it takes a value.
    static let leadingFlags: Set<String> = ["--no-sounds", "--earcons-only", "--line", "--help", "-h"]

    /// `arguments` with the command moved to the front when options come before it
    /// (`parla --lang es timeline home`), which the parser would otherwise give to the default command.
    static func subcommandFirst(_ arguments: [String]) -> [String] {
        let names = Set(configuration.subcommands.map { $0._commandName })
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if names.contains(argument) {
                guard index > 0 else { return arguments }
                var reordered = arguments
                reordered.remove(at: index)
                reordered.insert(argument, at: 0)
                return reordered
            }
            guard argument.hasPrefix("-"), argument != "--" else { return arguments }
            index += argument.contains("=") || leadingFlags.contains(argument) ? 1 : 2
        }
        return arguments
    }
}
