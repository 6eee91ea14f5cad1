import Foundation
import LVControls
import ParlaBase
import TerminalKit
import TOMLKit

/// What the single keys of Parla's screens do (besides the controls' and the host's own keys).
public enum AppAction: String, CaseIterable, Sendable, Hashable {
    case compose, reply, boost, favourite, bookmark, thread, author, goTo = "go", refresh
    case contentWarning = "content-warning", altText = "alt-text", links, vote, delete, whereAmI = "where"
    case settings, quit

    /// The localization key of what the action does (keys.json).
    public var descriptionKey: String { "app.key.\(rawValue)" }

    /// Whether the action only makes sense on a timeline (with a post under the wheel).
    public var needsTimeline: Bool {
        switch self {
        case .compose, .goTo, .settings, .quit, .whereAmI: false
        default: true
        }
    }
}

/// Which keys do which ``AppAction``: the defaults, changed by `keymap.toml` in the config folder.
///
/// The file has one table, `[keys]`, of action names to a key or a list of keys:
/// `reply = "r"`, `refresh = [".", "F5"]`, `quit = "Ctrl+Q"`. A bad entry is reported and the
/// default for that action is kept.
public struct Keymap: Sendable, Equatable {
    public private(set) var bindings: [AppAction: [Key]]

    /// The keys Parla starts with (listed in the README).
    public static let defaults: [AppAction: [Key]] = [
        .compose: [.char("c")], .reply: [.char("r")], .boost: [.char("b")], .favourite: [.char("f")],
        .bookmark: [.char("k")], .thread: [.char("t")], .author: [.char("u")], .goTo: [.char("g")],
        .refresh: [.char("."), .f(5)], .contentWarning: [.char("w")], .altText: [.char("a")], .links: [.char("l")],
        .vote: [.char("v")], .delete: [.char("d")], .whereAmI: [.char("p")], .settings: [.f(9)], .quit: [.ctrl("q")],
    ]

    public init(bindings: [AppAction: [Key]] = Keymap.defaults) {
        self.bindings = bindings
    }

    /// The action `key` is bound to.
    public func action(for key: Key) -> AppAction? {
        for action in AppAction.allCases where bindings[action]?.contains(key) == true { return action }
        return nil
    }

    /// The keys of an action.
    public func keys(for action: AppAction) -> [Key] { bindings[action] ?? [] }

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
        var keymap = Keymap()
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
        var taken: [Key: AppAction] = [:]
        var parsed: [(AppAction, [Key])] = []
        for name in keys.keys.sorted() {
            let shownName = TextSafety.stripped(name)
            guard let action = AppAction(rawValue: name) else {
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
            parsed.append((action, found))
        }
        for (action, found) in parsed {
            keymap.bindings[action] = found
        }
        // A key bound twice keeps only its first action (in the order actions are listed).
        for action in AppAction.allCases {
            var kept: [Key] = []
            for key in keymap.keys(for: action) {
                if let other = taken[key] {
                    problems.append(localizer.string("screens.keymap.duplicate", [
                        "key": KeyNaming.shown(key, localizer: localizer), "action": action.rawValue, "other": other.rawValue,
                    ]))
                } else {
                    taken[key] = action
                    kept.append(key)
                }
            }
            if kept.isEmpty { kept = (Keymap.defaults[action] ?? []).filter { taken[$0] == nil } }
            for key in kept { taken[key] = action }
            keymap.bindings[action] = kept
        }
        return (keymap, problems)
    }

    /// "c: new post. r: reply. …" for the help of a screen (only the actions it offers).
    public func helpText(_ actions: [AppAction], localizer: Localizer) -> String {
        actions.compactMap { action in
            guard let key = keys(for: action).first else { return nil }
            return localizer.string("help.entry", ["key": KeyNaming.spoken(key, localizer: localizer), "action": localizer.string(action.descriptionKey)])
        }.joined(separator: " ")
    }
}
