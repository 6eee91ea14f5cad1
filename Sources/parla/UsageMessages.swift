import Foundation
import ParlaBase

/// Usage errors in the user's language: swift-argument-parser's own messages (which it only has in
/// English) are recognised and said again from `Localization/<language>/line.json`, and the options'
/// own checks take their sentences from there too.
///
/// The language comes from `--lang` on the command line (even when the rest could not be parsed),
/// else from the environment's locale.
enum UsageMessages {
    /// The localizer for usage errors, or nil when the Localization folder cannot be found (then the
    /// parser's English text is used as it is).
    static let localizer: Localizer? = makeLocalizer(arguments: CommandLine.arguments, environment: ProcessInfo.processInfo.environment)

    /// A sentence of `line.json` for an option's own check, with the hint to `--help` after it.
    static func text(_ key: String, _ parameters: [String: String] = [:]) -> String {
        guard let localizer else { return key }
        return localizer.string(key, parameters) + " " + localizer.string("line.usage.hint")
    }

    /// The localizer `arguments` and `environment` ask for.
    static func makeLocalizer(arguments: [String], environment: [String: String]) -> Localizer? {
        guard let resources = ResourceLocator.find(environment: environment, executable: ResourceLocator.currentExecutable()) else { return nil }
        let language = requestedLanguage(arguments).flatMap(Language.init(localeIdentifier:)) ?? Language.fromEnvironment(environment)
        return try? Localizer(language: language, directory: resources.localization)
    }

    /// The value of `--lang` in `arguments` (`--lang es` or `--lang=es`), if any.
    static func requestedLanguage(_ arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { return nil }
            if argument.hasPrefix("--lang=") { return String(argument.dropFirst("--lang=".count)) }
            if argument == "--lang", index + 1 < arguments.count { return arguments[index + 1] }
        }
        return nil
    }

    /// One line for a usage error the parser wrote as `message` (its first line, in English).
    ///
    /// Messages the options' checks made with ``text(_:_:)`` are already localized and come back as they are.
    static func translate(_ message: String, localizer: Localizer?) -> String {
        guard let localizer else { return message }
        let hint = " " + localizer.string("line.usage.hint")
        if message.hasSuffix(hint) { return message }
        for rule in rules {
            guard let match = rule.pattern.firstMatch(in: message, range: NSRange(message.startIndex..., in: message)) else { continue }
            var parameters: [String: String] = [:]
            for (index, name) in rule.names.enumerated() {
                let range = match.range(at: index + 1)
                if range.location != NSNotFound, let swiftRange = Range(range, in: message) {
                    parameters[name] = String(message[swiftRange])
                }
            }
            var text = localizer.string(rule.key, parameters)
            if let suggestion = parameters["suggestion"] {
                text += " " + localizer.string("line.usage.did-you-mean", ["option": suggestion])
            }
            return text + hint
        }
        return localizer.string("line.usage.other", ["detail": message]) + hint
    }

    private struct Rule {
        let pattern: NSRegularExpression
        let key: String
        let names: [String]

        init(_ pattern: String, _ key: String, _ names: [String]) {
            // The patterns are literals written below; one that does not compile is a programming error.
            self.pattern = try! NSRegularExpression(pattern: "^" + pattern + "$", options: [.dotMatchesLineSeparators])
            self.key = key
            self.names = names
        }
    }

    /// swift-argument-parser's messages (UsageGenerator.swift, 1.x), most specific first.
    private static let rules: [Rule] = [
        Rule("Unknown option '([^']*)'\\. Did you mean '([^']*)'\\?", "line.usage.unknown-option", ["option", "suggestion"]),
        Rule("Unknown option '([^']*)'", "line.usage.unknown-option", ["option"]),
        Rule("Missing value for '([^']*)'", "line.usage.missing-value", ["option"]),
        Rule("Unexpected argument '(.*)'", "line.usage.unexpected-argument", ["argument"]),
        Rule("[0-9]+ unexpected arguments: (.*)", "line.usage.unexpected-arguments", ["arguments"]),
        Rule("Missing expected argument '([^']*)'", "line.usage.missing-argument", ["argument"]),
        Rule("Missing one of: (.*)", "line.usage.missing-one-of", ["list"]),
        Rule("The value '(.*)' is invalid for '([^']*)'.*", "line.usage.invalid-value", ["value", "option"]),
        Rule("The value '(.*)' is invalid\\..*", "line.usage.invalid-value-bare", ["value"]),
        Rule("The option '([^']*)' does not take any value, but '(.*)' was specified\\.", "line.usage.takes-no-value", ["option", "value"]),
        Rule("Invalid option: (.*)", "line.usage.unknown-option", ["option"]),
        Rule("Missing required subcommand\\.", "line.usage.missing-command", []),
    ]
}
