import ArgumentParser
import MicroblogKit
import ParlaCommands

/// `parla filters`: the user's keyword filters.
struct FiltersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "filters", abstract: "Your keyword filters.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions

    func run() async throws {
        try await LineRunner.run(global: global, client: client) { try await $0.filters() }
    }
}

/// `parla filter add|edit|remove`.
struct FilterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "filter", abstract: "Add, change or remove a keyword filter.",
        subcommands: [FilterAddCommand.self, FilterEditCommand.self, FilterRemoveCommand.self])
}

/// What `--action`, `--context` and `--expires` mean for a filter.
enum FilterOptions {
    static func action(_ text: String) throws -> FilterAction {
        guard ["warn", "hide"].contains(text.lowercased()) else { throw ValidationError(UsageMessages.text("safety.usage.action")) }
        return FilterAction.from(text.lowercased())
    }

    static func contexts(_ text: String) throws -> [String] {
        let contexts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard !contexts.isEmpty, contexts.allSatisfy(KeywordFilter.allContexts.contains) else {
            throw ValidationError(UsageMessages.text("safety.usage.context"))
        }
        return contexts
    }

    /// `30m`, `12h`, `7d` in seconds; `never` for no expiry.
    static func expiry(_ text: String) throws -> Int? {
        if text.lowercased() == "never" { return nil }
        let units: [Character: Int] = ["m": 60, "h": 3_600, "d": 86_400]
        guard let unit = text.last.flatMap({ units[$0] }), let count = Int(text.dropLast()), count > 0 else {
            throw ValidationError(UsageMessages.text("safety.usage.expires"))
        }
        return count * unit
    }
}

struct FilterAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a filter for a word or phrase.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: "The word or phrase to filter.") var keyword: String
    @Option(name: .customLong("action"), help: "warn (behind a warning) or hide (default warn).") var action = "warn"
    @Option(name: .customLong("context"), help: "Where: home, notifications, public, thread, account, comma-separated (default home).")
    var context = "home"
    @Option(name: .customLong("expires"), help: "When it ends: 30m, 12h, 7d or never (default never).") var expires = "never"
    @Option(name: .customLong("title"), help: "Its name (default the keyword).") var title: String?

    func validate() throws {
        _ = try FilterOptions.action(action)
        _ = try FilterOptions.contexts(context)
        _ = try FilterOptions.expiry(expires)
    }

    func run() async throws {
        let draft = FilterDraft(
            title: title ?? keyword, contexts: try FilterOptions.contexts(context), action: try FilterOptions.action(action),
            expiresIn: .some(try FilterOptions.expiry(expires)), addKeywords: [keyword])
        try await LineRunner.run(global: global, client: client) { try await $0.saveFilter(draft, id: nil) }
    }
}

struct FilterEditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a filter (only what you name changes).")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: "The filter's id (see parla filters).") var id: String
    @Option(name: .customLong("action"), help: "warn or hide.") var action: String?
    @Option(name: .customLong("context"), help: "Where, comma-separated.") var context: String?
    @Option(name: .customLong("expires"), help: "30m, 12h, 7d or never.") var expires: String?
    @Option(name: .customLong("title"), help: "Its new name.") var title: String?
    @Option(name: .customLong("add"), help: "A word or phrase to add (repeat for more).") var add: [String] = []
    @Option(name: .customLong("remove-keyword"), help: "The id of a word to remove (repeat for more).") var remove: [String] = []

    func validate() throws {
        if let action { _ = try FilterOptions.action(action) }
        if let context { _ = try FilterOptions.contexts(context) }
        if let expires { _ = try FilterOptions.expiry(expires) }
    }

    func run() async throws {
        var expiresIn: Int??
        if let expires { expiresIn = .some(try FilterOptions.expiry(expires)) }
        let draft = FilterDraft(
            title: title, contexts: try context.map(FilterOptions.contexts), action: try action.map(FilterOptions.action),
            expiresIn: expiresIn, addKeywords: add, removeKeywordIds: remove)
        let id = id
        try await LineRunner.run(global: global, client: client) { try await $0.saveFilter(draft, id: id) }
    }
}

struct FilterRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a filter.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: "The filter's id.") var id: String

    func run() async throws {
        let id = id
        try await LineRunner.run(global: global, client: client) { try await $0.deleteFilter(id: id) }
    }
}
