import ArgumentParser
import Foundation
import ParlaBase

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: Help.argument("help.folder-for-parlas-data-default-xdgdatahomeparla"))
    var dataDir: String?

    @Option(name: .customLong("config-dir"), help: Help.argument("help.folder-for-settings-and-accounts-default"))
    var configDir: String?

    @Option(name: .customLong("lang"), help: Help.argument("help.interface-language-en-es-or-ca"))
    var language: String?

    @Flag(name: .customLong("quiet-demo"), help: Help.argument("help.the-embedded-instances-demo-community-stays"))
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
        // The help's strings were read while the command line was parsed: not read twice.
        if let read = UsageMessages.localizer, read.language == language { return read }
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
