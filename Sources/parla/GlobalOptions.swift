import ArgumentParser
import Foundation
import ParlaBase

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: "Folder for Parla's data (default $XDG_DATA_HOME/parla).")
    var dataDir: String?

    @Option(name: .customLong("config-dir"), help: "Folder for settings and accounts (default $XDG_CONFIG_HOME/parla, or DATA-DIR/config with --data-dir).")
    var configDir: String?

    @Option(name: .customLong("lang"), help: "Interface language: en, es or ca (default from the environment).")
    var language: String?

    @Flag(name: .customLong("quiet-demo"), help: "The embedded instance's demo community stays still (no live posts, replies or favourites).")
    var quietDemo = false

    /// Speech and sound: --speech, --audio, --transcript, the voice settings.
    @OptionGroup var speech: SpeechOptions

    func validate() throws {
        if let language, Language(localeIdentifier: language) == nil {
            throw ValidationError(UsageMessages.text("line.usage.language", ["language": language]))
        }
    }

    /// The process environment.
    var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The resolved data and config folders.
    var directories: DataDirectories {
        DataDirectories.resolve(dataDir: dataDir, configDir: configDir, environment: environment)
    }

    /// The interface language: --lang, else the environment's locale.
    var interfaceLanguage: Language { Self.interfaceLanguage(language, environment: environment) }

    /// The interface language: `lang` (the `--lang` option), else the environment's locale.
    static func interfaceLanguage(_ lang: String?, environment: [String: String]) -> Language {
        lang.flatMap { Language(localeIdentifier: $0) } ?? Language.fromEnvironment(environment)
    }

    /// Loads the interface strings; on failure says so in English on stderr and exits with status 1.
    func localizer() throws -> Localizer { try Self.localizer(interfaceLanguage, environment: environment) }

    /// Loads the strings of `language`; on failure says so in English on stderr and exits with status 1.
    static func localizer(_ language: Language, environment: [String: String]) throws -> Localizer {
        guard let resources = ResourceLocator.find(environment: environment, executable: ResourceLocator.currentExecutable()) else {
            FileHandle.standardError.write(Data("Parla could not find its Localization folder. Set PARLA_RESOURCES to the folder that holds it.\n".utf8))
            throw ExitCode(1)
        }
        do {
            return try Localizer(language: language, directory: resources.localization)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}
