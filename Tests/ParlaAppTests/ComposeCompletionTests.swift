import Foundation
import MicroblogKit
import ParlaApp
import ParlaBase
import SpeechKit
import TerminalKit
import TestSupport
import Testing

/// Completing @mentions and #hashtags in compose: the cache's accounts first, then one server search per
/// pause in typing (on the injected clock), said as the choices move, Enter to take one, Escape to close.
@Suite struct ComposeCompletionTests {
    func type(_ text: String, into h: AppHarness) async {
        for character in text { await h.press(.char(character)) }
    }

    var searches: (AppHarness) -> Int {
        { h in h.engine.scripted.calls.filter { $0 == .other("search") }.count }
    }

    @Test func aMentionIsCompletedFromTheCache() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.char("c"))
        await type("Hi @a", into: h)
        #expect(h.texts.last == "1 suggestion. Down to choose it.")
        // The list is under the text; the cursor stays in the text until a choice is focused.
        #expect(h.lines.contains { $0.hasSuffix("  @ana, Ana García") }, "\(h.lines)")
        await h.press(.down)
        #expect(h.texts.last == "@ana, Ana García, 1 of 1")
        let cursor = try #require(h.cursor)
        #expect(h.lines[cursor.y].dropFirst(cursor.x).hasPrefix("@ana, Ana García"), "\(h.lines)")
        await h.press(.down)
        #expect(h.texts.last == "@ana, Ana García")
        await h.press(.enter)
        #expect(h.texts.last == "@ana inserted.")
        await type("and #", into: h)
        await h.press(.f(3), .enter)
        #expect(h.engine.sent.map(\.text) == ["Hi @ana and #"])
        // Nothing was asked of the server: one character is the cache's alone.
        #expect(searches(h) == 0)
    }

    @Test func theServerIsAskedOncePerPauseAndEscapeClosesTheListKeepingTheText() async throws {
        let h = try AppHarness()
        let carla = Account(id: "7", acct: "carla@example.social", username: "carla", displayName: "Carla Ruiz")
        h.engine.scripted.setSearchResults(SearchResults(accounts: [carla]))
        await h.open()
        await h.press(.char("c"))
        await type("@car", into: h)
        // Keys are never held back: nothing is asked while typing, once after the pause.
        #expect(searches(h) == 0)
        h.clock.advance(by: .milliseconds(399))
        h.app.host.tick()
        await h.app.settle()
        #expect(searches(h) == 0)
        h.clock.advance(by: .milliseconds(1))
        h.app.host.tick()
        await h.app.settle()
        #expect(searches(h) == 1)
        #expect(h.texts.last == "1 suggestion. Down to choose it.")
        await h.press(.down)
        #expect(h.texts.last == "@carla@example.social, Carla Ruiz, 1 of 1")
        // Typing on narrows what the server found without asking again.
        await type("l", into: h)
        h.clock.advance(by: .seconds(1))
        h.app.host.tick()
        await h.app.settle()
        #expect(searches(h) == 1)
        await h.press(.escape)
        #expect(h.texts.last == "Suggestions closed.")
        #expect(!h.lines.contains { $0.contains("Carla Ruiz") })
        await h.press(.f(3), .enter)
        #expect(h.engine.sent.map(\.text) == ["@carl"])
    }

    /// "Suggestions closed." was followed, with no key pressed, by "1 suggestion. Down to choose it." (issue 26,
    /// item 5): the server's answer to a search on its way as Escape closed the list does not open it again.
    @Test func suggestionsClosedWhileTheServerIsAskedStayClosedWhenItAnswers() async throws {
        let h = try AppHarness()
        let andrea = Account(id: "7", acct: "andrea@example.social", username: "andrea", displayName: "Andrea Vidal")
        h.engine.scripted.setSearchResults(SearchResults(accounts: [andrea]))
        await h.open()
        await h.press(.char("c"))
        await type("@an", into: h)
        #expect(h.texts.suffix(2) == ["1 suggestion. Down to choose it.", "n"])
        // The pause: the search starts, and Escape comes before its answer.
        h.clock.advance(by: .milliseconds(400))
        h.app.host.tick()
        h.app.handle(.escape)
        await h.app.settle()
        #expect(searches(h) == 1)
        #expect(h.texts.suffix(2) == ["n", "Suggestions closed."])
        #expect(!h.lines.contains { $0.contains("Andrea Vidal") || $0.contains("Ana García") })
        // Typing on in the same name keeps it closed too.
        await type("d", into: h)
        h.clock.advance(by: .milliseconds(400))
        h.app.host.tick()
        await h.app.settle()
        #expect(h.texts.last == "d")
    }

    @Test func aHashtagIsCompletedFromCachedPostsThenTheServer() async throws {
        let h = try AppHarness()
        var tagged = post("104", by: ben, "<p>New in <a href=\"https://x/tags/SwiftLang\">#SwiftLang</a></p>", minutesAgo: 1)
        tagged.tags = ["SwiftLang", "Swans"]
        h.engine.setCached([tagged] + homePosts, in: "home")
        h.engine.scripted.setSearchResults(SearchResults(hashtags: ["swans", "swimming"]))
        await h.open()
        await h.press(.char("c"))
        await type("Off to #sw", into: h)
        // The list opens on the first letter (said once, after its echo); the next letter narrows it quietly.
        #expect(h.texts.suffix(3) == ["s", "2 suggestions. Down to choose one.", "w"])
        h.clock.advance(by: .milliseconds(400))
        h.app.host.tick()
        await h.app.settle()
        #expect(searches(h) == 1)
        // The cache's first, then what only the server knows ("swans" is one of the cache's already).
        await h.press(.down, .down, .down)
        #expect(h.texts.suffix(3) == ["#SwiftLang, 1 of 3", "#Swans, 2 of 3", "#swimming, 3 of 3"])
        await h.press(.enter)
        #expect(h.texts.last == "#swimming inserted.")
        await h.press(.f(3), .enter)
        #expect(h.engine.sent.map(\.text) == ["Off to #swimming "])
    }

    @Test func theListIsSaidInTheInterfacesLanguage() async throws {
        let h = try AppHarness(language: .catalan)
        await h.open()
        await h.press(.char("c"))
        await type("@a", into: h)
        #expect(h.texts.last == "1 suggeriment. Avall per escollir-lo.")
        await h.press(.down)
        #expect(h.texts.last == "@ana, Ana García, 1 de 1")
        await h.press(.escape)
        #expect(h.texts.last == "Suggeriments tancats.")
    }

    @Test func f1HelpNamesTheListsKeysAndTheSpellingKey() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.char("c"))
        await type("@b", into: h)
        await h.press(.down, .f(1))
        #expect(h.texts.last?.contains("Escape cancels and keeps a draft. Type @ or # and a letter: names and hashtags you know") == true)
        // The help's lines, one by one.
        h.speech.clear()
        for _ in 0..<7 { await h.press(.down) }
        // While the list is open its keys come first; the text's own Up, Down and Enter are shadowed.
        #expect(h.texts == [
            "F 4: show or hide the keypad, 2 of 28", "F 7: check the spelling, 3 of 28", "F 6: open your phrases, to put one in the post, 4 of 28",
            "Down arrow: next suggestion, 5 of 28", "Up arrow: previous suggestion, 6 of 28", "Enter: put the chosen suggestion in the text, 7 of 28",
            "Escape: close the suggestions (the text stays as it is), 8 of 28",
        ])
    }
}

/// At 40×12 the list under the text scrolls into view with the cursor on the chosen line.
@Suite struct ComposeCompletionSmallTests {
    @Test func theListAndItsCursorFitAt40By12() async throws {
        let h = try AppHarness(size: Size(width: 40, height: 12))
        await h.open()
        await h.press(.char("c"))
        for character in "Hi @b" { await h.press(.char(character)) }
        await h.press(.down)
        #expect(h.lines == [
            " New post",
            " --------------------------------------",
            " > Text: (495 left)",
            "   Hi @b",
            "",
            "",
            "   > @ben@example.org, Ben Jones",
            "   Keypad: lower case",
            "   Words: none",
            "    1 .,?!      2 abcá      3 defé",
            " --------------------------------------",
            "  [Cancel]   [Info]   495 left   [Send]",
        ])
        #expect(h.cursor == Point(x: 5, y: 6))
    }
}
