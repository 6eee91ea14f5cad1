import ArgumentParser
import Foundation
import MicroblogKit
import ParlaApp
import ParlaBase
import ParlaCommands
import ParlaPresentation
import SpeechKit

/// Runs one line-mode command: opens the account, runs the body, prints its output (paragraphs or
/// JSON), says it with `--speak`, and turns failures into one localized sentence on stderr and the
/// documented exit status.
enum LineRunner {
    static func run(
        global: GlobalOptions, client: ClientOptions, _ body: @escaping @Sendable (LineSession) async throws -> LineOutput
    ) async throws {
        try await run(LineOptions(global: global, client: client), body)
    }

    static func run(_ options: LineOptions, _ body: @escaping @Sendable (LineSession) async throws -> LineOutput) async throws {
        let directories = options.directories
        // The strings, the settings and the formatter are made on the other core while the account opens, so
        // that the first request leaves sooner.
        let presenting = Task {
            let localizer = try options.localizer()
            let settings: AppSettings
            do {
                settings = try FileAppSettingsStore(configDirectory: directories.config).load()
            } catch {
                // A broken settings file was set aside (or could not be read): said before the output, the defaults used.
                fail((error as? SettingsError ?? .unreadable(path: directories.config.appendingPathComponent("settings.json").path)).message(localizer))
                settings = AppSettings()
            }
            return (localizer, LineFormatter(presenter: SpeechTextPresenter(), localizer: localizer, settings: settings.linePresentation))
        }
        do {
            try directories.create()
        } catch {
            fail(MicroblogError.storage(detail: directories.data.path).message(try await presenting.value.0))
            throw ExitCode(74)
        }
        let opener = AccountOpener(directories: directories, maxWait: .seconds(options.wait))
        let account: Result<OpenedAccount, any Error>
        do { account = .success(try await opener.open(options.account)) } catch { account = .failure(error) }
        let localizer: Localizer, formatter: LineFormatter
        do {
            (localizer, formatter) = try await presenting.value
        } catch {
            await opener.close()
            throw error
        }
        var status: Int32 = 0
        var output: LineOutput?
        do {
            output = try await body(LineSession(account: try account.get(), opener: opener, formatter: formatter))
        } catch {
            status = report(error, localizer: localizer)
        }
        await opener.close()
        if let output { print(output, options: options, localizer: localizer, directories: directories) }
        if status != 0 { throw ExitCode(status) }
    }

    /// Prints paragraphs (or JSON) and, with `--speak`, says each paragraph in its language.
    static func print(_ output: LineOutput, options: LineOptions, localizer: Localizer, directories: DataDirectories) {
        if options.json, let json = output.json {
            FileHandle.standardOutput.write(json)
        } else {
            // Speech markup a server wrote as text (a list's title, a hashtag, a bio) is taken out of every line.
            var text = withoutMarkup(
                output.paragraphs.isEmpty ? output.empty + "\n" : output.paragraphs.map(\.text).joined(separator: "\n\n") + "\n")
            // From the string's own bytes: Data's generic initialiser over a sequence looks up protocol
            // conformances of String.UTF8View at run time, a scan of every conformance in the binary.
            text.withUTF8 { bytes in FileHandle.standardOutput.write(Data(bytes: bytes.baseAddress!, count: bytes.count)) }
        }
        guard let speech = options.speech else { return }
        let setup = speech.startSpeech(localizer: localizer, directories: directories)
        let spoken = output.paragraphs.isEmpty ? [Paragraph(text: output.empty, spoken: output.empty, language: nil)] : output.paragraphs
        for paragraph in spoken {
            // Each part in its own voice: the post's words in the post's language, the rest in the interface's.
            let segments = paragraph.segments.map { Utterance.Segment(withoutMarkup($0.text), language: $0.language) }
            setup.queue.say(Utterance(segments: segments, language: paragraph.language, priority: .alert))
        }
        setup.waitUntilDone()
        setup.shutdown()
    }

    /// Writes the failure's sentence to stderr; returns the exit status for it.
    static func report(_ error: any Error, localizer: Localizer) -> Int32 {
        switch error {
        case let error as LineCommandError:
            fail(error.message(localizer, now: Date()))
            return error.exitCode
        case let error as LineWritingError:
            fail(error.message(localizer))
            return error.exitCode
        case let error as MicroblogError:
            fail(error.message(localizer, now: Date()))
            return error.exitCode
        case let error as FeatureUnavailable:
            fail(error.message(localizer))
            return FeatureUnavailable.exitCode
        case let error as ExitCode:
            return error.rawValue
        case is CancellationError:
            fail(MicroblogError.cancelled.message(localizer))
            return MicroblogError.cancelled.exitCode
        default:
            let wrapped = MicroblogError.storage(detail: String(describing: error))
            fail(wrapped.message(localizer))
            return wrapped.exitCode
        }
    }

    /// `text` without speech markup a server wrote as text; where a tag was, one space, none before punctuation
    /// or at the end of a line.
    static func withoutMarkup(_ text: String) -> String {
        let removed = SpeechMarkup.removed(text)
        guard removed != text else { return text }
        return removed.replacingOccurrences(of: " {2,}", with: " ", options: .regularExpression)
            .replacingOccurrences(of: " ([.,;:!?)]|\n|$)", with: "$1", options: .regularExpression)
    }

    static func fail(_ sentence: String) {
        FileHandle.standardError.write(Data((withoutMarkup(sentence) + "\n").utf8))
    }
}
