import Foundation
import LVControls
import MicroblogKit
import ParlaApp
import SpeechKit
import TerminalKit
import Testing

/// Issue 18 item 4 on the screen: lists managed, hashtags followed, the profile edited, posts pinned, notes
/// on accounts and trends, each said once the engine (the server) answered.
@Suite struct AccountToolsScenarioTests {
    @Test func createRenameAndDeleteAListFromGoTo() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.char("g"), .down, .down, .down, .down, .down, .down, .down, .down)
        #expect(h.texts.last == "Lists")
        await h.press(.enter)
        #expect(h.texts.last == "Your lists. Lists, wheel list, 1 of 1. You have no lists. Up and Down move, type letters to jump, Enter chooses.")
        await h.press(.tab)
        for character in "Birders" { await h.press(.char(character)) }
        await h.press(.tab, .enter)
        #expect(h.engine.calls.last == "create list Birders")
        #expect(h.utterances.last == Utterance("List Birders created.", earcon: .activate))
        #expect(h.lines.prefix(4) == [" Your lists", " ------------------------------------------------------------------------------", "   Lists 1 of 1", "   > Birders"])
        #expect(h.lines[23] == "   [Back]             [Info]             [Members]          [Delete list]")
        await h.press(.backTab)
        #expect(h.texts.last == "Title, text field, empty, cursor at the end, Type to write.")
        for character in "Bird people" { await h.press(.char(character)) }
        await h.press(.tab, .tab, .enter)
        #expect(h.engine.calls.last == "rename list 101 Bird people")
        #expect(h.utterances.last == Utterance("List renamed to Bird people.", earcon: .activate))
        #expect(h.lines[3] == "   > Bird people")
        await h.press(.f(3), .enter)
        #expect(h.texts.last == "Press again to delete the list Bird people; the people on it stay followed")
        #expect(h.engine.calls.last == "rename list 101 Bird people")
        await h.press(.enter)
        #expect(h.engine.calls.last == "delete list 101")
        #expect(h.utterances.last == Utterance("List Bird people deleted.", earcon: .activate))
        #expect(h.lines[3] == "   > You have no lists.")
        #expect(try await h.engine.lists().isEmpty)
    }

    @Test func aNoteAndListsFromSomeonesDetailsAndTheirRemovalFromTheMembers() async throws {
        let h = try AppHarness()
        h.engine.scripted.setLists([UserList(id: "7", title: "Poets")])
        await h.open()
        await h.press(.char("u"))
        for _ in 0..<12 { await h.press(.tab) }
        #expect(h.texts.last == "Your note, text field, empty, cursor at the end, 2000 characters left, Type to write.")
        for character in "Met at the reading" { await h.press(.char(character)) }
        await h.press(.enter)
        #expect(h.engine.calls.last == "note 1 Met at the reading")
        #expect(h.utterances.last == Utterance("Your note on @ana is saved.", earcon: .activate))
        #expect(h.lines.contains { $0.contains("Your note: Met at the reading") })
        await h.press(.tab, .enter)
        #expect(h.texts.last == "Lists for Ana García. Poets, toggle button, off, Press Enter to switch.")
        await h.press(.enter)
        #expect(h.engine.calls.last == "add 1 list 7")
        #expect(h.lines[2] == " > [x] Poets on")
        #expect(h.utterances.last == Utterance("@ana added to the list Poets.", earcon: .toggleOn))
        #expect(h.engine.scripted.toolsState.members == ["7": ["1"]])
        await h.press(.escape, .escape, .char("g"), .down, .down, .down, .down, .down, .down, .down, .down, .down, .enter)
        #expect(h.texts.last == "Your lists. Lists, wheel list, 1 of 1. Poets. Up and Down move, type letters to jump, Enter chooses.")
        await h.press(.f(2))
        #expect(h.texts.last == "Members, button, Press Enter to activate.")
        await h.press(.enter)
        #expect(h.texts.last == "On the list Poets. Members, wheel list, 1 of 1. Ana García, @ana. Reads poetry aloud. 42 posts, 12 followers, following 7. "
                + "Up and Down move, type letters to jump, Enter chooses.")
        await h.press(.f(2), .enter)
        #expect(h.engine.calls.last == "remove 1 list 7")
        #expect(h.utterances.last == Utterance("@ana taken off the list Poets.", earcon: .activate))
        #expect(h.engine.scripted.toolsState.members == ["7": []])
    }
}
