import Foundation
import LVControls
import ParlaBase
import TerminalKit
import TOMLKit

/// The single-key commands of Parla's screens (besides the controls' and the host's own keys).
extension ScreenCommand {
    public static let compose = ScreenCommand("compose")
    public static let reply = ScreenCommand("reply")
    public static let boost = ScreenCommand("boost")
    public static let favourite = ScreenCommand("favourite")
    public static let bookmark = ScreenCommand("bookmark")
    public static let thread = ScreenCommand("thread")
    public static let author = ScreenCommand("author")
    public static let goTo = ScreenCommand("go")
    public static let refresh = ScreenCommand("refresh")
    public static let contentWarning = ScreenCommand("content-warning")
    public static let altText = ScreenCommand("alt-text")
    public static let links = ScreenCommand("links")
    public static let vote = ScreenCommand("vote")
    public static let delete = ScreenCommand("delete")
    public static let whereAmI = ScreenCommand("where")
    public static let settings = ScreenCommand("settings")
    public static let keypad = ScreenCommand("keypad")
    public static let nextTimeline = ScreenCommand("next-timeline")
    public static let previousTimeline = ScreenCommand("previous-timeline")
    public static let search = ScreenCommand("search")
    public static let profile = ScreenCommand("profile")
    public static let outbox = ScreenCommand("outbox")
    public static let budget = ScreenCommand("budget")
    public static let remind = ScreenCommand("remind")
    public static let reminders = ScreenCommand("reminders")
}

/// Parla's one key table: the host's keys and every screen command's, as `keymap.toml` in the config
/// folder changed them. Screens take their bindings from it; the host takes its own.
///
/// The file has one table, `[keys]`, of action names to a key or a list of keys:
/// `reply = "e"`, `refresh = [".", "F5"]`, `quit = "Ctrl+Q"`. A bad entry is reported and the
/// default for that action is kept.
public struct Keymap: Sendable, Equatable {
    /// Every binding: the host's first, then the screens' commands.
    public private(set) var bindings: [Binding]

    /// The keys Parla starts with (listed in the README): the host's (quitting keeps drafts), then the screens'.
    public static let defaults: [Binding] = ScreenHost.defaultBindings.map { binding in
        guard binding.action == .host(.quit) else { return binding }
        var quit = binding
        quit.descriptionKey = "app.key.quit"
        return quit
    } + [
        .screen([.char("c")], .compose, "app.key.compose"),
        .screen([.char("r")], .reply, "app.key.reply"),
        .screen([.char("b")], .boost, "app.key.boost"),
        .screen([.char("f")], .favourite, "app.key.favourite"),
        .screen([.char("k")], .bookmark, "app.key.bookmark"),
        .screen([.char("t")], .thread, "app.key.thread"),
        .screen([.char("u")], .author, "app.key.author"),
        .screen([.char("g")], .goTo, "app.key.go"),
        .screen([.char("."), .f(5)], .refresh, "app.key.refresh"),
        .screen([.char("w")], .contentWarning, "app.key.content-warning"),
        .screen([.char("a")], .altText, "app.key.alt-text"),
        .screen([.char("l")], .links, "app.key.links"),
        .screen([.char("v")], .vote, "app.key.vote"),
        .screen([.char("d")], .delete, "app.key.delete"),
        .screen([.char("p")], .whereAmI, "app.key.where"),
        .screen([.f(9)], .settings, "app.key.settings"),
        .screen([.f(4)], .keypad, "app.key.keypad"),
        .screen([.char("x"), .enter], .read, "app.key.read"),
        .screen([.char("]")], .nextTimeline, "app.key.next-timeline"),
        .screen([.char("[")], .previousTimeline, "app.key.previous-timeline"),
        .screen([.char("/")], .search, "app.key.search"),
        .screen([.char("m")], .profile, "app.key.profile"),
        .screen([.char("o")], .outbox, "app.key.outbox"),
        .screen([.char("$")], .budget, "app.key.budget"),
        .screen([.char("z")], .remind, "writing.key.remind"),
        .screen([.char("Z")], .reminders, "writing.key.reminders"),
    ] + SafetyKeys.bindings + WritingHelpKeys.bindings + OwnPostKeys.bindings + AccountToolKeys.bindings + ReactionKeys.bindings + PictureKeys.bindings

    public init(bindings: [Binding] = Keymap.defaults) {
        self.bindings = bindings
    }

    /// The host's bindings, for the ``ScreenHost``.
    public var hostBindings: [Binding] {
        bindings.filter { if case .host = $0.action { true } else { false } }
    }

    /// The bindings of the screen commands a screen offers, in the table's order.
    public func bindings(for commands: [ScreenCommand]) -> [Binding] {
        bindings.filter { binding in
            if case .screen(let command) = binding.action { commands.contains(command) } else { false }
        }
    }

    /// The binding `key` triggers in the table, if any.
    public func binding(for key: Key) -> Binding? { bindings.first { $0.matches(key) } }

    /// The keys of an action, by the name keymap files use.
    public func keys(for name: String) -> [Key] { bindings.first { $0.action.name == name }?.keys ?? [] }

    /// The keys of a screen command.
    public func keys(for command: ScreenCommand) -> [Key] { keys(for: command.rawValue) }

    /// The file's name in the config folder.
    public static let fileName = "keymap.toml"

    /// Reads `keymap.toml` from `configDirectory`; a missing file gives the defaults.
    ///
    /// - Returns: the keymap and one localized sentence per problem found.
    public static func load(configDirectory: URL, localizer: Localizer) -> (Keymap, [String]) {
        let file = configDirectory.appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: file.path) else { return (Keymap(), []) }
        guard let text = String(data: data, encoding: .utf8) else {
            return (Keymap(), [localizer.string("screens.keymap.unreadable", ["path": file.path])])
        }
        return parse(text, localizer: localizer)
    }

    /// Reads the keymap from TOML text.
    public static func parse(_ text: String, localizer: Localizer) -> (Keymap, [String]) {
        let keymap = Keymap()
        var problems: [String] = []
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            return (keymap, [localizer.string("screens.keymap.syntax", ["line": String(error.source.begin.line)])])
        } catch {
            return (keymap, [localizer.string("screens.keymap.syntax", ["line": "?"])])
        }
        guard let keys = table["keys"]?.table else {
            if table["keys"] != nil || !table.keys.isEmpty {
                problems.append(localizer.string("screens.keymap.no-table"))
            }
            return (keymap, problems)
        }
        let names = Set(keymap.bindings.map(\.action.name))
        var chosen: [String: [Key]] = [:]
        for name in keys.keys.sorted() {
            let shownName = TextSafety.stripped(name)
            guard names.contains(name) else {
                problems.append(localizer.string("screens.keymap.unknown-action", ["action": shownName]))
                continue
            }
            guard let value = keys[name] else { continue }
            var texts: [String] = []
            if let single = value.string {
                texts = [single]
            } else if let list = value.array {
                var ok = true
                for element in list {
                    if let string = element.string { texts.append(string) } else { ok = false }
                }
                if !ok { texts = [] }
            }
            let found = texts.compactMap { Key(parsing: $0) }
            guard !texts.isEmpty, found.count == texts.count else {
                problems.append(localizer.string("screens.keymap.bad-key", ["action": shownName]))
                continue
            }
            chosen[name] = found
        }
        // A key bound twice keeps only its first action (in the table's order: the host's keys first).
        var taken: [Key: String] = [:]
        var result: [Binding] = []
        for binding in keymap.bindings {
            let name = binding.action.name
            var kept: [Key] = []
            for key in chosen[name] ?? binding.keys {
                if let other = taken[key] {
                    problems.append(localizer.string("screens.keymap.duplicate", [
                        "key": KeyNaming.shown(key, localizer: localizer), "action": name, "other": other,
                    ]))
                } else if !kept.contains(key) {
                    kept.append(key)
                }
            }
            if kept.isEmpty { kept = binding.keys.filter { taken[$0] == nil } }
            for key in kept { taken[key] = name }
            // An action whose every key went to another has none.
            guard !kept.isEmpty else { continue }
            var changed = binding
            changed.keys = kept
            result.append(changed)
        }
        return (Keymap(bindings: result), problems)
    }
}
