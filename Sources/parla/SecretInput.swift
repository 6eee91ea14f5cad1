import Foundation
import ParlaBase

#if canImport(Glibc)
import Glibc
#endif

/// Reads a secret (an access token, the admin secret) from where no other user can see it: standard input
/// (`-`), a file, or the environment. A secret written on the command line still works, with a warning,
/// because every user of the computer can read a process's arguments (`ps`).
enum SecretInput {
    /// Where the secret came from, for the warning.
    enum Source: Equatable {
        case commandLine, standardInput, file, environment
    }

    /// Why a secret could not be read.
    struct Failure: Error {
        let message: String
    }

    /// The secret, or nil when none was given anywhere.
    ///
    /// - Parameters:
    ///   - value: the option's value: `-` reads standard input (asking, without echo, on a terminal); any
    ///     other text is the secret itself, said to be visible.
    ///   - file: a file whose first line is the secret.
    ///   - variable: the environment variable consulted when neither option is given.
    ///   - prompt: what to ask on a terminal.
    static func read(
        value: String?, file: String?, variable: String, environment: [String: String], prompt: String, localizer: Localizer
    ) throws -> (secret: String, source: Source)? {
        if let file {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw Failure(message: localizer.string("line.secret.unreadable-file", ["path": TextSafety.cleaned(file)]))
            }
            return try nonEmpty(firstLine(text), .file, localizer)
        }
        if value == "-" {
            return try nonEmpty(readStandardInput(prompt: prompt), .standardInput, localizer)
        }
        if let value { return try nonEmpty(value, .commandLine, localizer) }
        if let fromEnvironment = environment[variable], !fromEnvironment.isEmpty {
            return (fromEnvironment.trimmingCharacters(in: .whitespacesAndNewlines), .environment)
        }
        return nil
    }

    private static func nonEmpty(_ text: String, _ source: Source, _ localizer: Localizer) throws -> (String, Source) {
        let secret = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !secret.isEmpty else { throw Failure(message: localizer.string("line.secret.empty")) }
        return (secret, source)
    }

    private static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    /// One line of standard input; on a terminal it asks first and does not echo what is typed.
    private static func readStandardInput(prompt: String) -> String {
        guard isatty(STDIN_FILENO) == 1 else { return readLine(strippingNewline: true) ?? "" }
        FileHandle.standardError.write(Data(prompt.utf8))
        var saved = termios()
        let canHide = tcgetattr(STDIN_FILENO, &saved) == 0
        if canHide {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        }
        let line = readLine(strippingNewline: true) ?? ""
        if canHide {
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return line
    }
}
