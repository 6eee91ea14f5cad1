import Foundation
import LVControls
import MicroblogKit
import ParlaApp
import ParlaBase
import ParlaPresentation
import SpeechKit
import TerminalKit
import TestSupport
import Testing

/// Shows the engine's events (the engine posts them to the inbox as it emits them) and whatever work
/// they start, then lets the new-post notices fall due.
func deliverEvents(_ h: AppHarness) async {
    h.app.drain()
    await h.app.settle()
    // New-post notices are said once their stream has been quiet for a moment.
    h.clock.advance(by: .milliseconds(500))
    h.app.drain()
}

@Suite struct ScenarioTests {
    @Test func openHomeAndReadThreePostsAt80x24() async throws {
        let h = try AppHarness()
        await h.open()
        // The screen's name and its first post in one utterance: the post does not cut the name.
        #expect(h.utterances.prefix(2) == [
            digest("Since you left: 3 new posts in home, 1 mention."),
            Self.homeEntry,
        ])
        #expect(h.cursor == Point(x: 5, y: 11))
        await h.press(.down)
        #expect(h.utterances.last == Self.benSpanish)
        #expect(h.cursor == Point(x: 5, y: 12))
        await h.press(.down)
        #expect(h.utterances.last == Utterance("Ana García: The example page is up. 2 hours ago.", language: "en"))
        #expect(h.lines == [
            " Home · main",
            " ------------------------------------------------------------------------------",
            "   [Ana García @ana]                      Time: 2 h ago",
            "   The example page is up.",
            "", "", "", "",
            // Boost, favourite and bookmark are toggles: the box shows the post's state (nothing by colour).
            "   [ ] Boost    [Reply]    [ ] Favourite   [ ] Bookmark   [Thread]   [Refresh]",
            "",
            " > Posts 3 of 3",
            "     Ana García: Good morning, everyone!",
            "     Ben Jones: Hola, ¿qué tal?",
            "   > Ana García: The example page is up.",
            "", "", "", "", "", "", "",
            "   You are in Home · 3 of 3",
            " ------------------------------------------------------------------------------",
            "   [About]            [Info]             [Details]          [New post]",
        ])
        #expect(h.cursor == Point(x: 5, y: 13))
        // Reading moved the saved position along.
        #expect(await h.engine.readPosition(.home) == "101")
        #expect(h.engine.calls == ["start live", "refresh home"])
    }

    @Test func theFirstKeyCutsTheDigestAndNothingElse() async throws {
        let h = try AppHarness()
        await h.open()
        let digest = digest("Since you left: 3 new posts in home, 1 mention.")
        h.speech.clear()
        await h.press(.down)
        #expect(h.speech.events == [
            .withdraw(digest),
            .say(Self.benSpanish),
        ])
        h.speech.clear()
        await h.press(.down)
        #expect(h.speech.events == [.say(Utterance("Ana García: The example page is up. 2 hours ago.", language: "en"))])
    }

    @Test func nothingNewStartsWithThePostAndALowBudgetIsSaid() async throws {
        let quiet = FakeEngine()
        quiet.digestValue = SinceYouLeft(newHome: 0, newMentions: 0, newDirect: 0, budgetRemaining: 280, budgetLimit: 300)
        let h = try AppHarness(engine: quiet)
        await h.open()
        #expect(h.utterances.prefix(1) == [Self.homeEntry])
        let spent = FakeEngine()
        spent.digestValue = SinceYouLeft(newHome: 0, newMentions: 0, newDirect: 0, budgetRemaining: 20, budgetLimit: 300)
        let s = try AppHarness(engine: spent, language: .spanish)
        await s.open()
        #expect(s.utterances.first == digest("No hay nada nuevo desde que te fuiste. Quedan 20 llamadas."))
    }

    @Test func readingANotificationMovesTheNotificationsPosition() async throws {
        let engine = FakeEngine()
        engine.notificationsValue = [
            MicroblogNotification(id: "902", kind: .mention, createdAt: testNow.addingTimeInterval(-60), account: ben, post: homePosts[1]),
            MicroblogNotification(id: "901", kind: .favourite, createdAt: testNow.addingTimeInterval(-600), account: ana, post: homePosts[0]),
        ]
        let h = try AppHarness(engine: engine)
        await h.open()
        await h.press(.char("g"), .down, .down, .enter)
        #expect(h.lines[0] == " Notifications · main")
        #expect(h.engine.calls.last == "notifications read 902")
        await h.press(.down)
        #expect(h.engine.calls.last == "notifications read 901")
    }

    @Test func openHomeAndReadThreePostsAt40x12() async throws {
        let h = try AppHarness(size: Size(width: 40, height: 12))
        h.engine.setReadPosition("102", in: "home")
        await h.open()
        // The reading position is kept: it opens on the second post.
        #expect(h.utterances[1] == Utterance(
            segments: [.init("Home · main. Posts, wheel list, 2 of 3. ")] + Self.benSpanish.segments
                + [.init(" Up and Down move, Right reads the rest, Enter chooses.")],
            earcon: .focus))
        #expect(h.lines == [
            " Home · main",
            " --------------------------------------",
            "   [Ben Jones]               30 min ago",
            "   Hola, ¿qué tal?",
            "",
            "   [ ] Boost   [Reply]   [ ] Favourite",
            "   [ ] Bookmark   [Thread]   [Refresh]",
            " > Posts: Ben Jones: Hola, ¿qué tal?...",
            "",
            "   You are in Home · 2 of 3",
            " --------------------------------------",
            "  [About]  [Info]  [Details]  [New post]",
        ])
        #expect(h.cursor == Point(x: 3, y: 7))
        await h.press(.down, .up, .up)
        #expect(Array(h.texts.suffix(3)) == [
            "Ana García: The example page is up. 2 hours ago.", "Ben Jones: Hola, ¿qué tal? 30 minutes ago.",
            "Ana García: Good morning, everyone! 5 minutes ago.",
        ])
        #expect(h.lines[2] == "   [Ana García @ana]          5 min ago")
        #expect(h.lines[9] == "   You are in Home · 1 of 3")
        #expect(h.cursor == Point(x: 3, y: 7))
    }

    @Test func replyThroughTheKeypad() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.char("r"))
        #expect(h.texts.last == "Reply to Ana García. Text, text field, @ana , cursor at the end, 495 characters left, Type to write.")
        #expect(h.lines[0] == " Reply to Ana García")
        #expect(h.cursor == Point(x: 8, y: 3))
        await h.press(.tab, .char("2"))
        #expect(h.texts.suffix(2) == ["Keypad, keypad, 5: j k l, lower case, Arrows move between keys, Enter scans a key, digits type as on a phone.", "a"])
        // The multi-tap letter commits after the dwell, on the injected clock.
        h.clock.advance(by: .milliseconds(1200))
        h.app.host.tick()
        h.app.drain()
        await h.app.settle()
        #expect(h.texts.last == "a")
        #expect(h.engine.savedDrafts["reply:103"]?.text == "@ana a")
        await h.press(.f(3))
        #expect(h.lines[23] == "   [Cancel]           [Info]             494 left         > [Send]")
        #expect(h.cursor == Point(x: 60, y: 23))
        await h.press(.enter)
        #expect(h.engine.sent.count == 1)
        let sent = try #require(h.engine.sent.first)
        #expect(sent.text == "@ana a")
        #expect(sent.inReplyToId == "103")
        #expect(sent.visibility == .public)
        #expect(sent.language == "en")
        #expect(h.engine.calls.suffix(2) == ["send", "remove draft reply:103"])
        #expect(h.texts.suffix(3) == [
            "Send, button, Press Enter to activate.", "Sending", "Ana García: Good morning, everyone! 5 minutes ago.",
        ])
        // The engine says it went out.
        h.engine.emit(.postSent(outboxId: "outbox-1", post: homePosts[0]))
        await deliverEvents(h)
        #expect(h.utterances.last == Utterance("Sent: Good morning, everyone!", priority: .answer, earcon: .sent))
        #expect(h.cursor == Point(x: 5, y: 11))
    }

    @Test func followAUserFromTheirDetails() async throws {
        let h = try AppHarness(size: Size(width: 40, height: 12))
        await h.open()
        await h.press(.char("u"))
        // Loading is said once, as the loading screen opens.
        #expect(h.texts.suffix(2) == [
            "Loading Ana García's details, please wait, Escape cancels.",
            "Ana García. They follow you. Reads poetry aloud. Handle, label, @ana, Right and Left read word by word.",
        ])
        #expect(h.lines == [
            " Ana García",
            " --------------------------------------",
            " > Handle: @ana",
            "   Name: Ana García",
            "   Counts: 42 posts (no DMs), 12",
            "           followers, following 7",
            "   Relationship: they follow you",
            "   Bio: Reads poetry aloud.",
            "   [Their posts]",
            "   [Followers]",
            " --------------------------------------",
            "  [Back]  [Info]  [Follow]  [New post]",
        ])
        #expect(h.cursor == Point(x: 3, y: 2))
        await h.press(.f(2), .enter)
        #expect(h.engine.calls.last == "follow 1 true")
        #expect(h.utterances.last == Utterance("You now follow Ana García", earcon: .toggleOn))
        #expect(h.lines[6] == "   Relationship: you follow them")
        #expect(h.lines[11] == "  [Back]  [Info]> [Unfollow]  [New post]")
        #expect(h.cursor == Point(x: 18, y: 11))
        // Unfollowing asks for a second press.
        await h.press(.enter)
        #expect(h.texts.last == "Press Enter again to stop following Ana García")
        #expect(h.engine.calls.last == "follow 1 true")
        await h.press(.enter)
        #expect(h.engine.calls.last == "follow 1 false")
        #expect(h.texts.last == "You no longer follow Ana García")
    }

    @Test func switchToSpanishInSettingsAndHearSpanishAtOnce() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.f(9))
        #expect(h.texts.last == "Settings. Language, choice, English, 1 of 3, Left and Right change, Enter keeps, Escape restores.")
        await h.press(.right, .enter)
        #expect(h.texts.suffix(3) == [
            "Spanish (Español), 2 of 3", "Spanish (Español) chosen",
            "Ajustes. Idioma, selector, Español, 2 de 3, Izquierda y Derecha cambian, Intro guarda, Escape restaura.",
        ])
        #expect(h.control.settings.voice.language == "es")
        #expect(h.store.saved?.language == .spanish)
        #expect(h.store.saved?.voice == "es")
        #expect(h.app.language == .spanish)
        await h.press(.tab)
        #expect(h.texts.last == "Tema, selector, Alto contraste, blanco sobre negro, 1 de 6")
        #expect(h.lines[0] == " Ajustes")
        #expect(h.lines[2] == "   Idioma: Inglés (English) [Español] Catalán (Català)")
        #expect(h.lines[3] == " > Tema: [Alto contraste, blanco sobre negro] Negro sobre blanco ...")
        #expect(h.lines[23] == "   [Atrás]            [Info]")
        // The cursor is on the chosen option.
        #expect(h.cursor == Point(x: 10, y: 3))
        // Back on the timeline everything is in Spanish too.
        await h.press(.escape)
        #expect(h.texts.last == "Ana García: Good morning, everyone! hace 5 minutos.")
        #expect(h.lines[21] == "   Estás en Inicio · 1 de 3")
    }

    @Test func postReadingSettingsAreHeardAtOnceAndChangeTheTimeline() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.f(9))
        for _ in 0..<12 { await h.press(.tab) }
        #expect(h.texts.last == "Read posts behind content warnings, toggle button, off")
        await h.press(.enter)
        #expect(h.texts.last == "On. Sample: Ana: Content warning: Spoilers. Good morning! party popper, 3 times. 5 minutes ago.")
        #expect(h.store.saved?.readWarningBody == true)
        // Lists say a long post's opening and "More." until whole posts are asked for, and say so at once.
        await h.press(.tab)
        #expect(h.texts.last == "Read whole posts in lists, toggle button, off")
        await h.press(.enter)
        #expect(h.texts.last == "On. Sample: Ana: The bakery on the corner opens early today. The first loaves are still warm, so come before nine if you want one. 5 minutes ago.")
        #expect(h.store.saved?.wholePosts == true)
        await h.press(.enter)
        #expect(h.texts.last == "Off. Sample: Ana: The bakery on the corner opens early today. More. 5 minutes ago.")
        #expect(h.store.saved?.wholePosts == false)
        await h.press(.tab, .left, .enter)
        #expect(h.texts.last == "Whole address chosen. Links look like this: https://www.example.com/news/2026/a-long-story-about-speech")
        #expect(h.store.saved?.linkDisplay == .full)
        await h.press(.tab)
        #expect(h.texts.last == "Post reading, full verbosity, choice, Author first, 1 of 2")
        await h.press(.right, .enter)
        #expect(h.texts.last == "Text first chosen. Sample: Good morning! party popper, 3 times. Ana, 5 minutes ago.")
        #expect(h.store.saved?.templates[.full] == PostTemplate.presets["text-first"]?[.full])
        await h.press(.escape)
        #expect(h.texts.last == "Good morning, everyone! Ana García, 5 minutes ago.")
    }

    /// Home's entry with its first post, in one utterance: the name, the wheel, Ana's post in English, the wheel's keys.
    static let homeEntry = Utterance(
        segments: [.init("Home · main. Posts, wheel list, 1 of 3. "), .init("Ana García: Good morning, everyone! 5 minutes ago.", language: "en"),
                   .init(" Up and Down move, Right reads the rest, Enter chooses.")],
        earcon: .focus)

    /// Ben's Spanish post with the English interface: his words in Spanish, the rest in the interface's voice.
    static let benSpanish = Utterance(
        segments: [.init("Ben Jones: "), .init("Hola, ¿qué tal?", language: "es"), .init(" 30 minutes ago.")], language: "es")
}

/// The "since you left" digest as the host says it: an alert the first key withdraws.
private func digest(_ text: String) -> Utterance {
    var utterance = Utterance(text, priority: .alert)
    utterance.withdrawnByNextKey = true
    return utterance
}
