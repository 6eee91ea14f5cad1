import Foundation
import ParlaBase

/// `parla --version`: Parla's version, and with `--verbose` the libraries it finds on this system.
///
/// Answered before the command line is parsed, so `--verbose` (which no command takes) may follow
/// `--version`; the lines are in the interface language (`--lang`, else the environment's locale).
enum VersionReport {
    /// Whether `arguments` ask for the version (`--version`, with only `--verbose` and `--lang` beside it):
    /// nil when they do not, else whether they ask for the libraries too.
    static func requested(_ arguments: [String]) -> Bool? {
        guard arguments.contains("--version") else { return nil }
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--version", "--verbose": index += 1
            case "--lang": index += 2
            case let argument where argument.hasPrefix("--lang="): index += 1
            default: return nil
            }
        }
        return arguments.contains("--verbose")
    }

    /// The lines to print.
    static func lines(verbose: Bool, localizer: Localizer?) -> [String] {
        var lines = [say(localizer, "version.parla", ["version": ParlaVersion.current], english: "Parla \(ParlaVersion.current)")]
        guard verbose else { return lines }
        for library in LibraryVersions.all.map(LibraryVersions.find) {
            lines.append(line(for: library, localizer: localizer))
        }
        return lines
    }

    /// One library's line: its version and file, or that it is not installed.
    static func line(for library: LibraryVersions.Found, localizer: Localizer?) -> String {
        guard let file = library.file else {
            return say(localizer, "version.library.missing", ["library": library.name], english: "\(library.name): not found")
        }
        guard let version = library.version else {
            return say(localizer, "version.library.file", ["library": library.name, "file": file], english: "\(library.name): \(file)")
        }
        return say(localizer, "version.library.found", ["library": library.name, "version": version, "file": file],
                   english: "\(library.name): \(version) (\(file))")
    }

    /// The sentence of `key`, or `english` when the Localization folder cannot be found.
    private static func say(_ localizer: Localizer?, _ key: String, _ parameters: [String: String], english: String) -> String {
        localizer?.string(key, parameters) ?? english
    }
}
