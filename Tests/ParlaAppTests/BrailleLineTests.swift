import BrailleKit
import BrailleKitTesting
import Foundation
import LVControls
import ParlaApp
import TerminalKit
import Testing

/// The braille focus line (issue 28, item 1) on a recording display of 40 cells: the focused item in
/// the words said for it, the display's keys, alerts, and nothing written when braille is off.
@Suite struct BrailleLineTests {
    /// An app whose braille output writes to `display`; the display's events come in through the inbox.
    final class Setup: @unchecked Sendable {
        let display = RecordingBraille(cells: 40)
        let connector = RecordingConnector()
        var post: (@Sendable (BrailleEvent) -> Void)?
        var h: AppHarness!

        init(settings: AppSettings? = nil) async throws {
            let engine = FakeEngine()
            engine.setCached([longPost] + homePosts, in: "home")
            var initial = settings ?? AppSettings()
            initial.language = .english
            h = try AppHarness(engine: engine, settings: initial, braille: { [self] clock, post in
                self.post = post
                return BrailleOutput(device: display, connector: connector, clock: clock, enabled: false)
            })
            await h.open()
        }

        /// The display answers (or presses a key), as the link's thread would post it.
        func send(_ event: BrailleEvent) async {
            post?(event)
            h.app.drain()
            await h.app.settle()
        }

        var shown: String { display.shown?.text ?? "" }
    }

    @Test func theLineIsTheFocusedPostInTheWordsSaidForItAuthorFirst() async throws {
        let s = try await Setup()
        #expect(s.connector.requests == 1)
        await s.send(.connected(cells: 40))
        #expect(s.shown == "Ana García: Content warning: Long holida")
        await s.h.press(.down)
        #expect(s.shown == "Ana García: Good morning, everyone! 5 mi")
        await s.h.press(.down)
        #expect(s.shown == "Ben Jones: Hola, ¿qué tal? 30 minutes ag")
        #expect(s.h.texts.last?.hasPrefix("Ben Jones: Hola, ¿qué tal? 30 minutes ag") == true, "the words said")
    }

    @Test func theDisplaysLineKeysMoveTheFocusAndThePanningKeysPanTheItem() async throws {
        let s = try await Setup()
        await s.send(.connected(cells: 40))
        await s.send(.key(.lineDown))
        let first = s.shown
        await s.send(.key(.panRight))
        #expect([first, s.shown] == ["Ana García: Good morning, everyone! 5 mi", "nutes ago."])
        await s.send(.key(.lineUp))
        #expect(s.shown == "Ana García: Content warning: Long holida")
    }

    @Test func aLabelShowsItsTextAndAButtonItsShortRole() async throws {
        let s = try await Setup()
        await s.send(.connected(cells: 40))
        await s.h.press(.tab)
        let first = s.shown
        await s.h.press(.tab)
        #expect([first, s.shown] == ["You are in Home · 1 of 4", "About btn"])
    }

    @Test func routingOnAWordInTheReaderMovesReviewThere() async throws {
        let s = try await Setup()
        await s.send(.connected(cells: 40))
        await s.h.press(.char("x"), .right)
        #expect(s.display.shown == .init("Ana García @ana 3 hours ago · English ·", cursor: 0))
        await s.send(.key(.route(cell: 12)))
        #expect(s.display.shown == .init("Ana García @ana 3 hours ago · English ·", cursor: 11))
        #expect(s.h.texts.suffix(2) == ["Ana", "@ana"])
    }

    @Test func anAlertShowsForItsTimeThenTheLineComesBackPanned() async throws {
        let s = try await Setup()
        await s.send(.connected(cells: 40))
        await s.send(.key(.panRight))
        let panned = s.shown
        s.h.app.braille?.alert("3 new posts in Home")
        #expect(s.shown == "3 new posts in Home")
        s.h.clock.advance(by: .seconds(4))
        s.h.app.drain()
        #expect(s.shown == panned)
    }

    @Test func withBrailleOffNothingIsWrittenNorAsked() async throws {
        var settings = AppSettings()
        settings.braille = false
        let s = try await Setup(settings: settings)
        await s.h.press(.down)
        #expect(s.connector.requests == 0)
        #expect(s.display.writes.isEmpty)
    }
}
