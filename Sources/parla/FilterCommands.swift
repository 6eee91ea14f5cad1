import ArgumentParser
import MicroblogKit
import ParlaCommands

/// `parla filters`: the user's keyword filters.
struct FiltersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "filters", abstract: Help.text("help.your-keyword-filters"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions

    func run() async throws {
        try await LineRunner.run(global: global, client: client) { try await $0.filters() }
    }
}

/// `parla filter add|edit|remove`.
struct FilterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "filter", abstract: Help.text("help.add-change-or-remove-a-keyword"),
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
    static let configuration = CommandConfiguration(commandName: "add", abstract: Help.text("help.add-a-filter-for-a-word"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-word-or-phrase-to-filter")) var keyword: String
    @Option(name: .customLong("action"), help: Help.argument("help.warn-behind-a-warning-or-hide")) var action = "warn"
    @Option(name: .customLong("context"), help: Help.argument("help.where-home-notifications-public-thread-account"))
    var context = "home"
    @Option(name: .customLong("expires"), help: Help.argument("help.when-it-ends-30m-12h-7d")) var expires = "never"
    @Option(name: .customLong("title"), help: Help.argument("help.its-name-default-the-keyword")) var title: String?

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
    static let configuration = CommandConfiguration(commandName: "edit", abstract: Help.text("help.change-a-filter-only-what-you"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-filters-id-see-parla-filters")) var id: String
    @Option(name: .customLong("action"), help: Help.argument("help.warn-or-hide")) var action: String?
    @Option(name: .customLong("context"), help: Help.argument("help.where-comma-separated")) var context: String?
    @Option(name: .customLong("expires"), help: Help.argument("help.30m-12h-7d-or-never")) var expires: String?
    @Option(name: .customLong("title"), help: Help.argument("help.its-new-name")) var title: String?
    @Option(name: .customLong("add"), help: Help.argument("help.a-word-or-phrase-to-add")) var add: [String] = []
    @Option(name: .customLong("remove-keyword"), help: Help.argument("help.the-id-of-a-word-to")) var remove: [String] = []

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
    static let configuration = CommandConfiguration(commandName: "remove", abstract: Help.text("help.remove-a-filter"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-filters-id")) var id: String

    func run() async throws {
        let id = id
        try await LineRunner.run(global: global, client: client) { try await $0.deleteFilter(id: id) }
    }
}
