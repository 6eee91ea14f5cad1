import Foundation

/// The table of every user-facing string, loaded from `Localization/<language>/*.json`.
///
/// Each JSON file is a flat object of keys to strings; placeholders are written `{name}`.
/// A key missing in the current language falls back to English, then to the key itself,
/// so a gap is audible in review but never crashes.
public struct Localizer: Sendable {
    /// The language strings are taken from.
    public private(set) var language: Language
    /// The words of a network in use (``withWords(_:)``): keys under this prefix replace the plain ones.
    public private(set) var words: String?
    private let tables: LocalizerTables

    /// Creates a localizer over tables already loaded (tests and embedding programs).
    public init(language: Language, tables: [Language: [String: String]]) {
        self.language = language
        self.tables = LocalizerTables(loaded: tables, directory: nil)
    }

    /// Loads the tables of `language` and of English (the fallback) from a `Localization` folder; the
    /// other languages are read the first time a string of theirs is asked for (a line-mode command
    /// reads the files it needs, not all of them).
    ///
    /// - Throws: ``LocalizationError`` when a file of `language` or English cannot be read or parsed, or
    ///   a key is defined twice. A later language that cannot be read falls back to English (the tests
    ///   check every language with ``loadTables(from:)``).
    public init(language: Language, directory: URL) throws {
        self.language = language
        let english = try LocalizerPreload.take(for: directory) ?? Localizer.loadTable(.english, from: directory)
        var loaded: [Language: [String: String]] = [.english: english]
        if language != .english { loaded[language] = try Localizer.loadTable(language, from: directory) }
        self.tables = LocalizerTables(loaded: loaded, directory: directory)
    }

    /// Reads `directory/<code>/*.json` for every language.
    public static func loadTables(from directory: URL) throws -> [Language: [String: String]] {
        var result: [Language: [String: String]] = [:]
        for language in Language.allCases { result[language] = try loadTable(language, from: directory) }
        return result
    }

    /// Reads `directory/<code>/*.json` for one language.
    ///
    /// - Throws: ``LocalizationError`` when the folder is missing, a file cannot be read or parsed, or a
    ///   key is defined twice.
    public static func loadTable(_ language: Language, from directory: URL) throws -> [String: String] {
        let folder = directory.appendingPathComponent(language.code, isDirectory: true)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            throw LocalizationError.missingLanguage(language.code, folder.path)
        }
        var table: [String: String] = [:]
        // About 60 strings a file: the table is made once at its size rather than grown eight times.
        table.reserveCapacity(names.count * 64)
        for name in names.sorted() where name.hasSuffix(".json") {
            let url = folder.appendingPathComponent(name)
            let data: Data
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw LocalizationError.unreadable(url.path, "\(error)")
            }
            for (key, value) in try strings(data, url: url) {
                if table[key] != nil { throw LocalizationError.duplicateKey(key, url.path) }
                table[key] = value
            }
        }
        return table
    }

    /// The keys and strings of one file: read by ``FlatStringsJSON``, or when that cannot, by JSONSerialization,
    /// which says what is wrong.
    private static func strings(_ data: Data, url: URL) throws -> [(key: String, value: String)] {
        if let strings = FlatStringsJSON.parse([UInt8](data)) { return strings }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw LocalizationError.unreadable(url.path, "\(error)")
        }
        guard let dictionary = object as? [String: String] else {
            throw LocalizationError.unreadable(url.path, "not a flat object of strings")
        }
        return dictionary.map { (key: $0.key, value: $0.value) }
    }

    /// A copy speaking another language; the switch is live for every later lookup.
    public func switched(to language: Language) -> Localizer {
        var copy = self
        copy.language = language
        return copy
    }

    /// A copy that says a network's own words: a string asked for as `key` is taken from `words.key`
    /// where the tables have one (Bluesky's "Like" for the plain "Favourite"), else from `key`; nil
    /// speaks the plain words.
    public func withWords(_ words: String?) -> Localizer {
        var copy = self
        copy.words = words
        return copy
    }

    /// Every key defined for `language`.
    public func keys(for language: Language) -> Set<String> {
        Set(tables[language]?.keys ?? [:].keys)
    }

    /// Whether `key` is defined in `language` itself (no fallback).
    public func has(_ key: String, in language: Language) -> Bool {
        tables[language]?[key] != nil
    }

    /// The string for `key` in the current language with `{name}` placeholders filled from `arguments`.
    public func string(_ key: String, _ arguments: [String: String] = [:]) -> String {
        string(key, in: language, arguments)
    }

    /// `key.one` when `count` is 1, else `key.other`, with the count in `{count}` (or the placeholder
    /// named) — English, Spanish and Catalan have these two forms.
    public func plural(_ key: String, count: Int, _ arguments: [String: String] = [:], placeholder: String = "count") -> String {
        var arguments = arguments
        arguments[placeholder] = String(count)
        return string(key + (count == 1 ? ".one" : ".other"), arguments)
    }

    /// The string for `key` in `language` with placeholders filled.
    public func string(_ key: String, in language: Language, _ arguments: [String: String] = [:]) -> String {
        let template: String
        if let words, let own = tables[language]?[words + "." + key] ?? tables[.english]?[words + "." + key] {
            template = own
        } else {
            template = tables[language]?[key] ?? tables[.english]?[key] ?? key
        }
        return Localizer.fill(template, arguments)
    }

    /// Replaces `{name}` in `template` with `arguments[name]`; unknown names stay as written.
    public static func fill(_ template: String, _ arguments: [String: String]) -> String {
        guard !arguments.isEmpty, template.contains("{") else { return template }
        var output = ""
        output.reserveCapacity(template.count)
        var index = template.startIndex
        while index < template.endIndex {
            let character = template[index]
            if character == "{", let close = template[index...].firstIndex(of: "}") {
                let name = String(template[template.index(after: index)..<close])
                if let value = arguments[name] {
                    output += value
                    index = template.index(after: close)
                    continue
                }
            }
            output.append(character)
            index = template.index(after: index)
        }
        return output
    }
}

/// Why the localization tables could not be loaded.
public enum LocalizationError: Error, CustomStringConvertible, Equatable {
    case missingLanguage(String, String)
    case unreadable(String, String)
    case duplicateKey(String, String)

    /// English on purpose: this is said when the localized tables themselves are unavailable.
    public var description: String {
        switch self {
        case .missingLanguage(let code, let path): "No strings for language \(code) at \(path)."
        case .unreadable(let path, let why): "Cannot read the strings file \(path): \(why)."
        case .duplicateKey(let key, let path): "The string \(key) is defined twice (again in \(path))."
        }
    }
}
