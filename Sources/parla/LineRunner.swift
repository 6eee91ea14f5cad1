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
        let localizer = try global.localizer()
        let directories = global.directories
        do {
            try directories.create()
        } catch {
            fail(MicroblogError.storage(detail: directories.data.path).message(localizer))
            throw ExitCode(74)
        }
        let settings = (try? FileAppSettingsStore(configDirectory: directories.config).load()) ?? AppSettings()
        let formatter = LineFormatter(presenter: SpeechTextPresenter(), localizer: localizer, settings: settings.presentation)
        let opener = AccountOpener(directories: directories, maxWait: .seconds(client.wait))
        var status: Int32 = 0
        var output: LineOutput?
        do {
            let account = try await opener.open(client.account)
            output = try await body(LineSession(account: account, opener: opener, formatter: formatter))
        } catch {
            status = report(error, localizer: localizer)
        }
        await opener.close()
        if let output { print(output, client: client, global: global, localizer: localizer, directories: directories) }
        if status != 0 { throw ExitCode(status) }
    }

    /// Prints paragraphs (or JSON) and, with `--speak`, says each paragraph in its language.
    static func print(_ output: LineOutput, client: ClientOptions, global: GlobalOptions, localizer: Localizer, directories: DataDirectories) {
        if client.json, let json = output.json {
            FileHandle.standardOutput.write(json)
        } else {
            var text = output.paragraphs.isEmpty ? output.empty + "\n" : output.paragraphs.map(\.text).joined(separator: "\n\n") + "\n"
            // From the string's own bytes: Data's generic initialiser over a sequence looks up protocol
            // conformances of String.UTF8View at run time, a scan of every conformance in the binary.
            text.withUTF8 { bytes in FileHandle.standardOutput.write(Data(bytes: bytes.baseAddress!, count: bytes.count)) }
        }
        guard client.speak else { return }
        let setup = global.startSpeech(localizer: localizer, directories: directories)
        let spoken = output.paragraphs.isEmpty ? [Paragraph(text: output.empty, spoken: output.empty, language: nil)] : output.paragraphs
        for paragraph in spoken {
            // Each part in its own voice: the post's words in the post's language, the rest in the interface's.
            let segments = paragraph.segments.map { Utterance.Segment($0.text, language: $0.language) }
            setup.queue.say(Utterance(segments: segments, language: paragraph.language, priority: .alert))
        }
        setup.waitUntilDone()
        setup.shutdown()
    }

    /// Writes the failure's sentence to stderr; returns the exit status for it.
    static func report(_ error: any Error, localizer: Localizer) -> Int32 {
        switch error {
        case let error as LineCommandError:
            fail(error.message(localizer))
            return error.exitCode
        case let error as LineWritingError:
            fail(error.message(localizer))
            return error.exitCode
        case let error as MicroblogError:
            fail(error.message(localizer, now: Date()))
            return error.exitCode
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

    static func fail(_ sentence: String) {
        FileHandle.standardError.write(Data((sentence + "\n").utf8))
    }
}
