import Foundation
import LVControls
import MicroblogKit
import ParlaApp
import ParlaBase
import SpeechKit
import TerminalKit
import TestSupport
import Testing

/// Issue 16 item 5: on the screen what line mode has — search with paging, the user's own profile,
/// the outbox and drafts, the budget — each on a key and in Go to, at 40x12.
@Suite struct PlaceScreensTests {
    /// 45 posts about tea, newest first, by Ana and Ben in turn.
    static let teaPosts = (1...45).map { n in
        post("7\(n < 10 ? "0" : "")\(n)", by: n % 2 == 0 ? ben : ana, "<p>Tea note \(n)</p>", minutesAgo: n)
    }

    @Test func searchSaysWhatItFoundAndLoadsTheNextPageNearTheEnd() async throws {
        let engine = FakeEngine()
        engine.scripted.setSearchResults(SearchResults(accounts: [ana, ben], posts: Self.teaPosts, hashtags: ["tea"]))
        let h = try AppHarness(size: Size(width: 40, height: 12), engine: engine)
        await h.open()
        h.speech.clear()
        await h.press(.char("/"))
        #expect(h.utterances == [Utterance("Search. Search for, text field, empty, cursor at the end, Type to write.", earcon: .focus)])
        #expect(h.cursor == Point(x: 15, y: 2))
        await h.press(.enter)
        #expect(h.utterances.last == Utterance("Type what to search for first", priority: .alert, earcon: .error))
        await h.press(.char("t"), .char("e"), .char("a"))
        h.speech.clear()
        await h.press(.enter)
        // One request at the largest page: 40 of each kind; people first, then hashtags, then posts.
        // The screen's name, the list and its first result are one utterance.
        #expect(h.utterances.last?.text
            == "Results for tea. Results, wheel list, 1 of 43. Person: Ana García, @ana. Reads poetry aloud. 42 posts, 12 followers, following 7.")
        #expect(h.utterances.last?.earcon == .focus)
        #expect(h.lines == [
            " Results for tea",
            " --------------------------------------",
            "   Person: Ana García @ana",
            "   Reads poetry aloud.",
            " > Results 1 of 43",
            "   > Person: Ana García @ana",
            "     Person: Ben Jones @ben@example.org",
            "     Hashtag #tea",
            "     Ana García: Tea note 1",
            "   1 of 43, more below",
            " --------------------------------------",
            "   [Back]   [Info]",
        ])
        #expect(h.cursor == Point(x: 5, y: 5))
        #expect(engine.scripted.calls.filter { $0 == .other("search") || $0 == .other("search offset 40") } == [.other("search")])
        // Near the end the next page is asked for (once), and the where line says what is loaded.
        await h.press(.end)
        #expect(h.utterances.last == Utterance("Ben Jones: Tea note 40. 40 minutes ago.", language: "en"))
        #expect(h.lines == [
            " Results for tea",
            " --------------------------------------",
            "   Tea note 40",
            "",
            " > Results 43 of 48",
            "     Ben Jones: Tea note 38",
            "     Ana García: Tea note 39",
            "   > Ben Jones: Tea note 40",
            "     Ana García: Tea note 41",
            "   43 of 48",
            " --------------------------------------",
            "   [Back]   [Info]",
        ])
        #expect(h.cursor == Point(x: 5, y: 7))
        await h.press(.end, .down)
        #expect(h.utterances.last == Utterance("Ana García: Tea note 45. 45 minutes ago.", language: "en", earcon: .edge))
        // The second page was not full: nothing more is asked for.
        #expect(engine.scripted.calls.filter { $0 == .other("search") || $0 == .other("search offset 40") }
            == [.other("search"), .other("search offset 40")])
        // Enter on a person opens their details; Back returns to the results, then to the words searched.
        await h.press(.home, .enter)
        #expect(h.lines[0] == " Ana García")
        h.speech.clear()
        await h.press(.escape)
        #expect(h.utterances.first?.text == "Person: Ana García, @ana. Reads poetry aloud. 42 posts, 12 followers, following 7.")
        h.speech.clear()
        await h.press(.escape)
        // Going back out of a screen is heard as leaving.
        #expect(h.utterances == [Utterance("Search for, text field, tea, cursor at the end", earcon: .leave)])
    }

    @Test func theOwnProfileOpensOnAKey() async throws {
        let h = try AppHarness(size: Size(width: 40, height: 12))
        await h.open()
        h.speech.clear()
        await h.press(.char("m"))
        #expect(h.utterances.last == Utterance("Me Myself. This is you. Handle, label, @me, Right and Left read word by word.", earcon: .focus))
        #expect(h.lines == [
            " Me Myself",
            " --------------------------------------",
            " > Handle: @me",
            "   Name: Me Myself",
            "   Counts: 10 posts (no DMs), 5",
            "           followers, following 3",
            "   Relationship: This is you",
            "   Bio: No bio",
            "   [Their posts]",
            "   [Followers]",
            " --------------------------------------",
            "  [Back]        [Info]        [New post]",
        ])
        #expect(h.cursor == Point(x: 3, y: 2))
        // No one to follow or message on one's own profile: neither is offered.
        for _ in 0..<12 { await h.press(.tab) }
        #expect(!h.texts.contains { $0.hasPrefix("Follow, button") || $0.hasPrefix("Direct message") }, "\(h.texts)")
    }

    static func outboxEngine() async -> FakeEngine {
        let engine = FakeEngine()
        engine.outboxItems = [OutboxItem(id: "o1", post: NewPost(text: "Hello world"), state: .failed, attempts: 2,
                                         lastError: .rejected(status: 422, message: "Too long"), createdAt: testNow)]
        await engine.saveDraft(Draft(key: "new", text: "Half a thought", updatedAt: testNow))
        await engine.saveDraft(Draft(key: "dm:ana", text: "See you", updatedAt: testNow.addingTimeInterval(-60)))
        return engine
    }

    @Test func theOutboxSendsARefusedPostAgainOpensADraftAndDeletesOnTheSecondPress() async throws {
        let engine = await Self.outboxEngine()
        let h = try AppHarness(size: Size(width: 40, height: 12), engine: engine)
        await h.open()
        h.speech.clear()
        await h.press(.char("o"))
        // The screen's name, the list and its first entry are one utterance.
        #expect(h.utterances.last == Utterance(segments: [
            .init("Outbox and drafts. Waiting and drafts, wheel list, 1 of 3. "), .init("Refused by the server, kept for you: Hello world"),
            .init(". Up and Down move, type letters to jump, Enter chooses."),
        ], earcon: .focus))
        #expect(h.lines == [
            " Outbox and drafts",
            " --------------------------------------",
            "   Hello world · Last problem: The",
            "   server refused it. Its reason:...",
            " > Waiting and drafts 1 of 3",
            "   > Refused by the server, kept for...",
            "     Draft: Half a thought",
            "     Draft to ana: See you",
            "", "",
            " --------------------------------------",
            "  [Back]  [Info]  [Send again]  [Delete]",
        ])
        #expect(h.cursor == Point(x: 5, y: 5))
        await h.press(.enter)
        #expect(h.utterances.last == Utterance("Sending again", earcon: .activate))
        #expect(engine.calls.last == "retry o1")
        // d asks for a second press; the post then leaves the outbox.
        await h.press(.char("d"))
        #expect(h.utterances.last == Utterance("Press again to delete it"))
        #expect(engine.calls.last == "retry o1")
        await h.press(.char("d"))
        #expect(h.utterances.last == Utterance("Deleted", earcon: .activate))
        #expect(engine.calls.last == "discard o1")
        #expect(h.lines == [
            " Outbox and drafts",
            " --------------------------------------",
            "   Half a thought",
            "",
            " > Waiting and drafts 1 of 2",
            "   > Draft: Half a thought",
            "     Draft to ana: See you",
            "", "", "",
            " Deleted",  // issue 26 item 13: the result on the status line until the next key
            "   [Back]   [Info]   [Open]   [Delete]",
        ])
        // Enter on a draft opens it to go on writing, in the outbox's place.
        h.speech.clear()
        await h.press(.enter)
        // Said as the screen opens, before its entry.
        #expect(h.utterances.map(\.text).prefix(2) == ["Draft: Half a thought chosen", "Your draft is back"])
        #expect(h.utterances.dropFirst().first?.priority == .answer)
        #expect(h.lines[0] == " New post")
        #expect(h.lines[3] == "   Half a thought")
        await h.press(.escape)
        #expect(h.lines[0] == " Home · main")
        // A draft to someone opens as a direct message to them (who they are is looked up first).
        await h.press(.char("o"), .down, .enter)
        #expect(h.lines[0] == " Direct message to Ana García")
        #expect(h.lines[3] == "   See you")
    }

    @Test func theBudgetSaysTheCallsLeftAndWhenTheLimitResetsFromAKeyAndFromGoTo() async throws {
        let engine = FakeEngine()
        let reset = testNow.addingTimeInterval(200)
        engine.budgetValue = BudgetSnapshot(family: .general, limit: 300, remaining: 240, resetAt: reset, reserve: 20, queued: [.background: 3])
        let h = try AppHarness(size: Size(width: 40, height: 12), engine: engine)
        await h.open()
        h.speech.clear()
        await h.press(.char("$"))
        let clock = MicroblogError.clockTime(reset, timeZone: .current)
        #expect(h.utterances.last == Utterance("Budget. Calls left, label, 240 of 300, Right and Left read word by word.", earcon: .focus))
        #expect(h.lines == [
            " Budget",
            " --------------------------------------",
            " > Calls left: 240 of 300",
            "",
            "   Limit resets: in 4 minutes, at \(clock)",
            "",
            "   Kept for what you ask: 20 calls",
            "",
            "   Requests waiting: 3 requests",
            "",
            " --------------------------------------",
            "  [Back]  [Info]  [Refresh]  [Try now]",
        ])
        #expect(h.cursor == Point(x: 3, y: 2))
        // Refresh (F2) reads it again and says it.
        engine.budgetValue = BudgetSnapshot(family: .general, limit: 300, remaining: 239, resetAt: reset, reserve: 20)
        await h.press(.f(2), .enter)
        #expect(h.utterances.last == Utterance("Calls left: 239 of 300. Limit resets: in 4 minutes, at \(clock)."))
        #expect(h.lines[8] == "   Requests waiting: none")
        // Help is made from the screen's key table.
        #expect(h.app.host.helpEntries().prefix(2) == [
            "The server's limit on calls: how many are left, when the limit resets, how many are kept for what you ask for and how "
                + "many requests wait. Refresh reads it again; Try now forgets a wait the server asked for and asks it again.",
            "g: go to another timeline.",
        ])
        await h.press(.f(1))
        #expect(h.lines[0] == " Help: Budget")
        // Go to lists it; before any call the budget is not known.
        engine.budgetValue = nil
        await h.press(.escape, .escape, .char("g"), .end, .up, .up, .up)
        #expect(h.utterances.last == Utterance("Budget: server calls left"))
        h.speech.clear()
        await h.press(.enter)
        #expect(h.utterances.last == Utterance("Budget. Calls left, label, not known yet", earcon: .focus))
        // In Spanish.
        let s = try AppHarness(engine: engine, language: .spanish)
        await s.open()
        engine.budgetValue = BudgetSnapshot(family: .general, limit: 300, remaining: 1, resetAt: testNow.addingTimeInterval(30), reserve: 1)
        await s.press(.char("$"))
        #expect(s.lines.contains(" > Llamadas que quedan: 1 de 300"))
        #expect(s.lines.contains("   Se renueva: dentro de 1 minuto, a las \(MicroblogError.clockTime(testNow.addingTimeInterval(30), timeZone: .current))"))
    }

    @Test func theNewScreensStringsExistInAllThreeLanguagesWithTheSamePlaceholders() throws {
        var tables: [Language: [String: String]] = [:]
        for language in Language.allCases {
            let url = TestPaths.localization.appendingPathComponent("\(language.code)/search-outbox-budget.json")
            tables[language] = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: String])
        }
        let english = try #require(tables[.english])
        func placeholders(_ text: String) -> Set<String> { Set(text.matches(of: /\{([a-z]+)\}/).map { String($0.output.1) }) }
        for language in [Language.spanish, .catalan] {
            let table = try #require(tables[language])
            #expect(Set(table.keys) == Set(english.keys))
            for (key, value) in english where key != "buffers.entered" && !key.hasSuffix("left-of") {
                #expect(placeholders(table[key] ?? "") == placeholders(value), "\(key) in \(language.code)")
                #expect(table[key] != value, "\(key) in \(language.code) is the English text")
            }
        }
    }
}
