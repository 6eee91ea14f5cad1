import ArgumentParser
import ParlaBase

/// The words of `parla --help` and of every command's help, in the interface language.
///
/// swift-argument-parser takes help as text when a command is declared; the text comes from
/// `Localization/<language>/command-help.json` through the localizer that `--lang` or the environment chooses,
/// read before the command line is parsed (the same one usage errors use). The key itself is shown only
/// when the Localization folder cannot be found.
enum Help {
    /// The sentence of `key`.
    static func text(_ key: String) -> String {
        UsageMessages.localizer?.string(key) ?? key
    }

    /// An option's or argument's help.
    static func argument(_ key: String) -> ArgumentHelp {
        ArgumentHelp(text(key))
    }

    /// swift-argument-parser's own words in a help text it wrote (the headings, its `-h` line, the default
    /// values), in the interface language.
    static func localizingFrame(_ help: String) -> String {
        guard let localizer = UsageMessages.localizer else { return help }
        var text = help
        let headings = ["OVERVIEW": "help.frame.overview", "USAGE": "help.frame.usage", "ARGUMENTS": "help.frame.arguments",
                        "OPTIONS": "help.frame.options", "SUBCOMMANDS": "help.frame.subcommands"]
        for (heading, key) in headings {
            let localized = localizer.string(key)
            if text.hasPrefix(heading + ":") { text = localized + text.dropFirst(heading.count) }
            text = text.replacingOccurrences(of: "\n" + heading + ":", with: "\n" + localized + ":")
        }
        let phrases = [
            ("Show help information.", "help.frame.show-help"), ("Show the version.", "help.frame.show-version"),
            ("See 'parla help <subcommand>' for detailed help.", "help.frame.see-subcommand"),
            ("(default: ", "help.frame.default-open"), ("; default: ", "help.frame.default-after-values"), ("(values: ", "help.frame.values-open"),
        ]
        for (english, key) in phrases { text = text.replacingOccurrences(of: english, with: localizer.string(key)) }
        return text
    }
}
