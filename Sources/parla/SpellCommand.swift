import ArgumentParser
import Foundation
import HunspellSpelling
import ParlaBase
import ParlaCommands

/// `parla spell TEXT`: the compose screen's spelling check in line mode. Prints each misspelt word with where
/// it is and its suggestions; exits with status 1 when there are misspelt words, 0 when there are none.
struct SpellCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spell", abstract: Help.text("help.check-the-spelling-of-a-text"),
        discussion: Help.text("help.lang-sets-the-texts-language-en"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-text-to-check")) var text: [String] = []

    func run() async throws {
        let localizer = try global.localizer()
        let words = text.isEmpty ? String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) : text.joined(separator: " ")
        let directories = global.directories
        let result: LineSpelling.Result
        do {
            result = try LineSpelling.check(
                words, language: global.interfaceLanguage, dictionaries: HunspellDictionaries(),
                personal: LineSpelling.personalWords(configDirectory: directories.config), localizer: localizer)
        } catch let error as LineSpellingError {
            LineRunner.fail(error.message(localizer))
            throw ExitCode(error.exitCode)
        }
        LineRunner.print(result.output, options: LineOptions(global: global, client: client), localizer: localizer, directories: directories)
        if result.misspelt { throw ExitCode(1) }
    }
}
