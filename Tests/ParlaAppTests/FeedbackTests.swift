import Foundation
import MicroblogKit
import ParlaApp
import SpeechKit
import SpeechKitTesting
import TerminalKit
import Testing

/// Takes the results that have arrived (without waiting for work that is held back on purpose).
/// Runs the work the key started as far as it goes without the call held back (the manual executor: no
/// polling), then takes what arrived.
private func takeArrived(_ h: AppHarness, expecting count: Int = 1) async {
    h.executor.run()
    #expect(h.app.runtime.inbox.count >= count)
    h.app.drain()
}

/// What was said and played, without the digest the first key withdraws.
private func heard(_ h: AppHarness) -> [RecordingSpeechOutput.Event] {
    h.speech.events.filter { if case .withdraw = $0 { false } else { true } }
}

/// Issue 17 item 2: an action's result is said only when the server has answered; boost, favourite
/// and bookmark are toggles that show and say the post's state.
@Suite struct HonestFeedbackTests {
    static let actionsOff = "   [ ] Boost    [Reply]    [ ] Favourite   [ ] Bookmark   [Thread]   [Refresh]"
    static let favouriteOn = "   [ ] Boost    [Reply]    [x] Favourite   [ ] Bookmark   [Thread]   [Refresh]"

    @Test func aFailedFavouriteSaysTheErrorAndThatNothingChangedAndTheToggleStaysOff() async throws {
        let engine = FakeEngine()
        engine.actionError = .forbidden(message: nil)
        let h = try AppHarness(engine: engine)
        await h.open()
        h.speech.clear()
        await h.press(.char("f"))
        #expect(h.engine.calls.last == "favourite 103 true")
        #expect(heard(h) == [
            .play(.activate),
            .say(Utterance("Not favourited, nothing changed. The server does not allow this.", priority: .answer, earcon: .error)),
        ])
        // Shown on the status line above the toolbar; the post and its actions stay in view.
        #expect(h.lines[22] == " Not favourited, nothing changed. The server does not allow this.")
        #expect(h.lines[8] == Self.actionsOff)
        // The toggle says its state on focus: still off.
        await h.press(.backTab, .backTab, .backTab, .backTab)
        #expect(h.texts.last == "Favourite, toggle button, off")
        #expect(h.cursor == Point(x: 27, y: 8))
    }

    @Test func aFavouriteIsSaidOnlyOnceTheServerAnsweredAndTurnsTheToggleOn() async throws {
        let engine = FakeEngine()
        let release = AsyncStream<Void>.makeStream()
        engine.beforeAction = { for await _ in release.stream { break } }
        let h = try AppHarness(engine: engine)
        await h.open()
        h.speech.clear()
        h.app.handle(.char("f"))
        // Asked, not answered: only the key's earcon, and the toggle is still off.
        #expect(heard(h) == [.play(.activate)])
        #expect(h.lines[8] == Self.actionsOff)
        release.continuation.yield()
        await h.app.settle()
        #expect(heard(h) == [.play(.activate), .say(Utterance("Added to favourites", priority: .answer, earcon: .toggleOn))])
        #expect(h.lines[8] == Self.favouriteOn)
        await h.press(.backTab, .backTab, .backTab, .backTab)
        #expect(h.texts.last == "Favourite, toggle button, on")
        // Enter on it again asks to undo, and says what it did once the server answered.
        release.continuation.finish()
        await h.press(.enter)
        #expect(h.engine.calls.suffix(2) == ["favourite 103 true", "favourite 103 false"])
        #expect(h.utterances.last == Utterance("Removed from favourites", priority: .answer, earcon: .toggleOff))
        #expect(h.lines[8] == "   [ ] Boost    [Reply]  > [ ] Favourite   [ ] Bookmark   [Thread]   [Refresh]")
    }

    @Test func aPostReadAtTheAllVerbositySaysWhatTheUserDidToIt() async throws {
        var settings = AppSettings()
        settings.verbosity = .all
        let h = try AppHarness(settings: settings)
        await h.open()
        await h.press(.char("b"), .char("f"))
        #expect(h.utterances.suffix(2).map(\.text) == ["Boosted", "Added to favourites"])
        #expect(h.lines[8] == "   [x] Boost    [Reply]    [x] Favourite   [ ] Bookmark   [Thread]   [Refresh]")
        await h.press(.down, .up)
        #expect(h.utterances.last == Utterance(
            "Ana García: Good morning, everyone! 5 minutes ago. 1 boost, 1 favourite. You boosted, you favourited.", language: "en"))
    }
}

/// Issue 17 item 3: no silence, no noise.
@Suite struct NoSilenceNoNoiseTests {
    static let fresh = post("104", by: ben, "<p>Back again</p>", minutesAgo: 1)

    @Test func aScreensNameAndItsFirstItemAreOneUtterance() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.tab)
        h.speech.clear()
        // Back on the wheel by Shift+Tab: its description and its post together (its keys were said as Home opened).
        await h.press(.backTab)
        #expect(h.speech.events == [
            .say(Utterance(segments: [.init("Posts, wheel list, 1 of 3. "), .init("Ana García: Good morning, everyone! 5 minutes ago.", language: "en")],
                           earcon: .focus, leadingEarcon: .leave)),
        ])
    }

    @Test func loadingIsSaidOnceThenAnEarconEveryTwoSecondsAndARateLimitWaitIsSaidAndCancelled() async throws {
        let engine = FakeEngine()
        let reset = testNow.addingTimeInterval(300)
        engine.digestValue = SinceYouLeft(newHome: 0, newMentions: 0, newDirect: 0, budgetRemaining: 0, budgetResetAt: reset, budgetLimit: 300)
        let release = AsyncStream<Void>.makeStream()
        let h = try AppHarness(engine: engine)
        await h.open()
        // From now on the server's calls are used up: Local's first refresh waits for the reset.
        engine.refreshError = .rateLimited(resetAt: reset)
        engine.beforeRefreshFails = { for await _ in release.stream { break } }
        await h.press(.char("g"), .down, .down, .down, .down)
        #expect(h.texts.last == "Local")
        h.speech.clear()
        h.app.handle(.enter)
        await takeArrived(h)
        let until = MicroblogError.clockTime(reset, timeZone: .current)
        let wait = "The server's limit of calls is used up until \(until). Parla will wait. Escape cancels the wait."
        #expect(h.speech.events == [
            .play(.activate),
            .say(Utterance("Loading Local, please wait, Escape cancels.", earcon: .focus)),
            .say(Utterance(wait, priority: .answer, earcon: .loading)),
        ])
        #expect(Array(h.lines[0...4]) == [
            " Loading Local",
            " ------------------------------------------------------------------------------",
            " > Loading Local. Esc cancels",
            "   The server's limit of calls is used up until \(until). Parla will wait. Escape",
            "   cancels the wait.",
        ])
        // Then no words: the soft loading earcon every two seconds, on the injected clock; the screen stays still.
        let shown = h.lines
        h.speech.clear()
        for _ in 0..<3 {
            h.clock.advance(by: .seconds(1))
            h.app.host.tick()
        }
        h.clock.advance(by: .seconds(1))
        h.app.host.tick()
        #expect(h.speech.events == [.play(.loading), .play(.loading)])
        h.app.host.render()
        #expect(h.lines == shown)
        // Escape cancels the wait: said, and the timeline is back.
        h.speech.clear()
        h.app.handle(.escape)
        #expect(h.texts.first == "Loading Local cancelled")
        #expect(h.lines[0] == " Go to")
        // The cancelled call's end opens nothing.
        release.continuation.finish()
        await h.app.settle()
        #expect(h.lines[0] == " Go to")
    }

    @Test func aRefreshHeldBackByTheServersLimitIsSaidWithUntilWhenAndEscapeCancelsIt() async throws {
        let engine = FakeEngine()
        let reset = testNow.addingTimeInterval(300)
        let h = try AppHarness(engine: engine)
        await h.open()
        engine.digestValue = SinceYouLeft(newHome: 0, newMentions: 0, newDirect: 0, budgetRemaining: 0, budgetResetAt: reset, budgetLimit: 300)
        engine.refreshError = .rateLimited(resetAt: reset)
        let release = AsyncStream<Void>.makeStream()
        engine.beforeRefreshFails = { for await _ in release.stream { break } }
        h.speech.clear()
        h.app.handle(.char("."))
        await takeArrived(h)
        let until = MicroblogError.clockTime(reset, timeZone: .current)
        #expect(h.utterances == [
            Utterance("The server's limit of calls is used up until \(until). Parla will wait. Escape cancels the wait.", priority: .answer, earcon: .loading),
        ])
        #expect(h.lines[21] == "   You are in Home · 1 of 3 · waiting for the server until \(until) · refreshing")
        // Escape cancels the wait (it does not leave the timeline), and nothing changed.
        h.app.handle(.escape)
        #expect(h.utterances.last == Utterance("Wait cancelled, nothing changed.", earcon: .cancel))
        #expect(h.lines[0] == " Home · main")
        #expect(h.lines[21] == "   You are in Home · 1 of 3")
        release.continuation.finish()
        await h.app.settle()
        #expect(h.lines[0] == " Home · main")
        #expect(h.lines[11] == "   > Ana García: Good morning, everyone!")
    }

    @Test func aFailedRefreshIsSaidAtOnceAndKeepsTheTimeline() async throws {
        let engine = FakeEngine()
        let h = try AppHarness(engine: engine)
        await h.open()
        engine.refreshError = .forbidden(message: nil)
        h.speech.clear()
        await h.press(.char("."))
        #expect(h.utterances == [Utterance("The server does not allow this.", priority: .answer, earcon: .error)])
        #expect(h.lines[2] == "   [Ana García @ana]                      Time: 5 min ago")
        #expect(h.lines[11] == "   > Ana García: Good morning, everyone!")
        #expect(h.lines[21] == "   You are in Home · 1 of 3 · refresh failed")
        // The next key acts on the timeline (nothing was laid over it).
        await h.press(.down)
        #expect(h.texts.last == "Ben Jones: Hola, ¿qué tal? 30 minutes ago.")
    }

    @Test func noNewPostsIsNeverSaidWhenOneArrived() async throws {
        let h = try AppHarness()
        await h.open()
        // A post streams in while the user refreshes: the refresh itself brings nothing more.
        h.engine.arrive([Self.fresh], in: "home")
        await h.press(.char("."))
        #expect(!h.texts.contains("No new posts"))
        #expect(h.texts.last == "1 new post")
        #expect(h.lines[21] == "   You are in Home · 2 of 4 · 1 new above")
        // Once the new post was reached, a refresh that brings nothing says so.
        await h.press(.home, .char("."))
        #expect(h.texts.last == "No new posts")
    }

    @Test func outboxMessagesAreShortAndNameThePost() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.char("c"))
        for character in "Lunch at the park on Sunday, everyone is welcome" { await h.press(.char(character)) }
        await h.press(.f(3), .enter)
        h.engine.emit(.postQueued(outboxId: "outbox-1", reason: .unreachable(host: "parla.test")))
        await takeArrived(h)
        await h.app.settle()
        #expect(h.utterances.last == Utterance("Waiting to send: Lunch at the park on Sunday, everyone is…", priority: .answer, earcon: .error))
        h.engine.emit(.postFailed(outboxId: "outbox-1", reason: .rejected(status: 422, message: "Too long")))
        await takeArrived(h)
        await h.app.settle()
        let failed = "Not sent: Lunch at the park on Sunday, everyone is… The server refused it. Its reason: \"Too long\" Kept in the outbox."
        #expect(h.utterances.last == Utterance(failed, priority: .answer, earcon: .error))
    }

    /// Issue 26, item 30: a post the server answered with something unreadable may be published: it is said
    /// (and shown) as sent, not confirmed, never as "Not sent".
    @Test func issue26APostAnsweredUnreadablyIsSaidAsSentNotConfirmed() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.char("c"))
        for character in "Lunch at the park on Sunday" { await h.press(.char(character)) }
        await h.press(.f(3), .enter)
        var items = h.engine.outboxItems
        items[0].state = .unconfirmed
        h.engine.outboxItems = items
        h.engine.emit(.postFailed(outboxId: items[0].id, reason: .malformedResponse(detail: "not JSON")))
        await takeArrived(h)
        await h.app.settle()
        let said = "Sent, not confirmed: Lunch at the park on Sunday. The server sent an answer Parla cannot read. It may be published; kept in the outbox, where sending it again is safe."
        #expect(h.utterances.last == Utterance(said, priority: .answer, earcon: .error))
    }

    @Test func draftKeptIsHeardARestoredDraftIsSaidOnOpeningAndAnUntouchedReplyKeepsNone() async throws {
        let h = try AppHarness()
        await h.open()
        // An untouched reply (its mentions alone) keeps no draft, and says nothing about one.
        await h.press(.char("r"))
        h.speech.clear()
        await h.press(.escape)
        #expect(h.engine.savedDrafts["reply:103"] == nil)
        #expect(!h.texts.contains("Draft kept"))
        #expect(!h.engine.calls.contains("remove draft reply:103"))
        // A written post is kept; "Draft kept" is an alert, so the screen below does not cut it.
        await h.press(.char("c"), .char("H"), .char("i"))
        h.speech.clear()
        await h.press(.escape)
        #expect(h.engine.savedDrafts["new"]?.text == "Hi")
        #expect(h.utterances.first == Utterance("Draft kept", priority: .alert))
        // Opening compose again says the draft is back as it opens, and the entry reads it.
        h.speech.clear()
        await h.press(.char("c"))
        #expect(h.utterances.map(\.text) == [
            "Your draft is back", "New post. Text, text field, Hi, cursor at the end, 498 characters left",
        ])
        #expect(h.utterances.first?.priority == .answer)
        #expect(h.lines[3] == "   Hi")
    }

    /// The lists come while the user has moved: the marker stays on the place it was on, and the
    /// position said is that place's, not the first's.
    @Test func listsArrivingAfterMovesSayTheMarkersPlace() async throws {
        let engine = FakeEngine()
        let h = try AppHarness(engine: engine)
        await h.open()
        // A list made elsewhere after the session's start: Go to learns of it only as it opens.
        engine.scripted.setLists([UserList(id: "7", title: "Friends")])
        h.app.handle(.char("g"))
        h.app.handle(.end)
        h.app.handle(.up)
        h.app.handle(.up)
        #expect(h.texts.last == "Settings")
        await takeArrived(h)
        #expect(h.texts.last == "Lists updated. Places, 23 of 25")
        #expect(h.lines.contains(" > Places 23 of 25"))
        // Queued behind the item being read, the notice would be heard after the user's next move, with a
        // position no longer true: the next key withdraws it.
        let notice = try #require(h.utterances.last)
        await h.press(.up)
        #expect(h.speech.events.contains(.withdraw(notice)))
        #expect(h.texts.last == "Budget: server calls left")
    }

    /// Go to said "1 of 23" with 24 places on screen (issue 26, item 8): the lists it counts are asked for
    /// as the session starts, so the count said as it opens is the count shown, and is not said again.
    @Test func goToSaysTheCountOfPlacesItShowsFromTheFirstOpening() async throws {
        let engine = FakeEngine()
        engine.scripted.setLists([UserList(id: "7", title: "Friends")])
        let h = try AppHarness(engine: engine)
        await h.open()
        await h.press(.char("g"))
        #expect(h.texts.last == "Go to. Places, wheel list, 1 of 25. Home. Up and Down move, type letters to jump, Enter chooses.")
        #expect(!h.texts.contains { $0.hasPrefix("Lists updated") })
        #expect(h.lines.contains(" > Places 1 of 25"))
        await h.press(.escape, .char("g"))
        #expect(h.texts.last == "Go to. Places, wheel list, 1 of 25. Home")
        #expect(h.lines.contains(" > Places 1 of 25"))
    }
}
