/// A language Parla's interface speaks and shows.
///
/// The thesis offered English, Spanish and Catalan; the interface text of each lives in
/// `Localization/<code>/`. Voices may be more specific (British or American English).
public enum Language: String, CaseIterable, Sendable, Codable, Hashable {
    case english = "en"
    case spanish = "es"
    case catalan = "ca"

    /// The language's own code, as used for `Localization/` folders and `--lang`.
    public var code: String { rawValue }

    /// Picks the interface language from a code or locale name such as `es`, `ca_ES.UTF-8` or `en-GB`.
    ///
    /// - Returns: nil when the code names no interface language.
    public init?(localeIdentifier: String) {
        let base = localeIdentifier
            .split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == "." || $0 == "@" })
            .first.map { $0.lowercased() } ?? ""
        switch base {
        case "en": self = .english
        case "es": self = .spanish
        case "ca": self = .catalan
        default: return nil
        }
    }

    /// The interface language the environment asks for (LC_ALL, LC_MESSAGES, LANG), English otherwise.
    public static func fromEnvironment(_ environment: [String: String]) -> Language {
        if let languageList = environment["LANGUAGE"], !languageList.isEmpty {
            for entry in languageList.split(separator: ":") {
                if let language = Language(localeIdentifier: String(entry)) { return language }
            }
        }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return Language(localeIdentifier: value) ?? .english
        }
        return .english
    }
}

extension Language {
    /// The Debian package of the language's Hunspell dictionary (`make deps` installs all three).
    public var hunspellPackage: String {
        switch self {
        case .english: "hunspell-en-us"
        case .spanish: "hunspell-es"
        case .catalan: "hunspell-ca"
        }
    }
}
