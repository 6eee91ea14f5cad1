import Foundation
import MicroblogKit
import ParlaApp
import ParlaBase
import ParlaBaseTesting
import ParlaCommands
import ParlaEngine
import ParlaPresentation
import SpeechKit
import SpeechKitTesting
import TerminalKit
import TerminalKitTesting
import TestSupport
import Testing
import ParlaAppTesting

/// Line mode acts through the account's engine, so what it changes is in the cache the screens open on:
/// the app, line mode and the app again, each with its own opener on the same folders (as three
/// processes would be), against the embedded local instance.
@Suite(.serialized) struct LineModeAgreesWithScreenTests {
    /// Home's second post as the screen says it, up to its favourite count.
    static let secondPost = "Tom Whitaker: People keep asking what voice I listen to all day. It is this one, and it is free "
        + "software: link to github.com. Link: espeak-ng/espeak-ng: eSpeak NG is an open source speech synthesizer, GitHub. "
        + "4 hours ago. "

    @Test func aLineModeFavouriteChangesWhatTheScreenShowsAfterwards() async throws {
        let root = TestPaths.temporaryDirectory("parla-line-screen")
        defer { try? FileManager.default.removeItem(at: root) }
        let directories = DataDirectories(data: root.appendingPathComponent("data"), config: root.appendingPathComponent("config"))
        try directories.create()

        // An earlier session cached home and read up to its second post, which the app then says on opening.
        let second = try await Self.withAccount(directories) { opener, account in
            let engine = try await opener.engine(account)
            _ = try await engine.refresh(.home)
            let second = await engine.cached(.home)[1]
            await engine.markRead(.home, postId: second.id)
            return second
        }
        #expect(second.shown.favourited == false)
        #expect(try await Self.secondPostOnOpening(directories) == Self.secondPost + "3 favourites.")

        // `parla favourite ID`.
        let line = try await Self.withAccount(directories) { opener, account in
            let formatter = LineFormatter(presenter: SpeechTextPresenter(), localizer: TestLocalization.localizer(.english))
            return try await LineSession(account: account, opener: opener, formatter: formatter).act(.favourite, postId: second.shown.id)
        }
        #expect(line.paragraphs.map(\.text) == ["Favourited."])

        // The app opens on the cache: the post is favourited, with one favourite more.
        // At the all verbosity it says what the user did to it.
        #expect(try await Self.secondPostOnOpening(directories) == Self.secondPost + "4 favourites. You favourited.")
        let cached = try await Self.withAccount(directories) { opener, account in
            let engine = try await opener.engine(account)
            return await engine.cached(.home)[1]
        }
        #expect(cached.shown.favourited)
    }

    /// Opens the local account with a new opener, runs `body` and closes everything.
    static func withAccount<T: Sendable>(
        _ directories: DataDirectories, _ body: (AccountOpener, OpenedAccount) async throws -> T
    ) async throws -> T {
        let opener = AccountOpener(directories: directories)
        do {
            let result = try await body(opener, try await opener.open(nil))
            await opener.close()
            return result
        } catch {
            await opener.close()
            throw error
        }
    }

    /// What the app says on opening about the post it opens on (home's second, the read position).
    static func secondPostOnOpening(_ directories: DataDirectories) async throws -> String? {
        try await withAccount(directories) { opener, account in
            let engine = try await opener.engine(account)
            let speech = RecordingSpeechOutput()
            // The all verbosity: the post's counts and what the user did to it are read.
            var everything = AppSettings()
            everything.verbosity = .all
            let app = try ParlaApplication(AppConfiguration(
                backend: MemoryTerminal(size: Size(width: 80, height: 24)), speech: speech, clock: ManualClock(),
                wallClock: { Date() }, localizer: TestLocalization.localizer(.english),
                settingsStore: MemoryAppSettingsStore(everything), accounts: AccountDirectory(engines: [AccountOpener.localName: engine]),
                colorAllowed: true, ascii: true, speakupSynthPath: "/nonexistent/speakup/synth"))
            await app.prepare()
            app.start()
            await app.settle()
            let said = speech.events.compactMap { event -> String? in if case .say(let utterance) = event { utterance.text } else { nil } }
            await app.shutdown()
            // The post is said with the screen's entry, between the wheel's description and its keys.
            let hint = " Up and Down move, Right reads the rest, Enter chooses."
            guard let entry = said.first(where: { $0.contains("Tom Whitaker: People keep asking") }),
                  let start = entry.range(of: "Tom Whitaker: People keep asking") else { return nil }
            let post = entry[start.lowerBound...]
            return String(post.hasSuffix(hint) ? post.dropLast(hint.count) : post)
        }
    }
}
