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
        #expect(h.texts.last == "Your lists. Lists, wheel list, 1 of 1. You have no lists.")
        await h.press(.tab)
        for character in "Birders" { await h.press(.char(character)) }
        await h.press(.tab, .enter)
        #expect(h.engine.calls.last == "create list Birders")
        #expect(h.utterances.last == Utterance("List Birders created.", earcon: .activate))
        #expect(h.lines.prefix(4) == [" Your lists", " ------------------------------------------------------------------------------", "   Lists 1 of 1", "   > Birders"])
        #expect(h.lines[23] == "   [Back]             [Info]             [Members]          [Delete list]")
        await h.press(.backTab)
        #expect(h.texts.last == "Title, text field, empty, cursor at the end")
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
        #expect(h.texts.last == "Lists for Ana García. Poets, toggle button, off")
        await h.press(.enter)
        #expect(h.engine.calls.last == "add 1 list 7")
        #expect(h.lines[2] == " > [x] Poets on")
        #expect(h.utterances.last == Utterance("@ana added to the list Poets.", earcon: .toggleOn))
        #expect(h.engine.scripted.toolsState.members == ["7": ["1"]])
        await h.press(.escape, .escape, .char("g"), .down, .down, .down, .down, .down, .down, .down, .down, .down, .enter)
        #expect(h.texts.last == "Your lists. Lists, wheel list, 1 of 1. Poets")
        await h.press(.f(2))
        #expect(h.texts.last == "Members, button")
        await h.press(.enter)
        #expect(h.texts.last == "On the list Poets. Members, wheel list, 1 of 1. Ana García, @ana. Reads poetry aloud. 42 posts, 12 followers, following 7.")
        await h.press(.f(2), .enter)
        #expect(h.engine.calls.last == "remove 1 list 7")
        #expect(h.utterances.last == Utterance("@ana taken off the list Poets.", earcon: .activate))
        #expect(h.engine.scripted.toolsState.members == ["7": []])
    }

    @Test func followAHashtagFromItsTimelineAndUnfollowItFromTheList() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.char("g"), .tab)
        for character in "poetry" { await h.press(.char(character)) }
        await h.press(.enter)
        await h.press(.char("#"))
        #expect(h.engine.calls.last == "follow #poetry")
        #expect(h.utterances.last == Utterance("You follow #poetry: its posts come into your home timeline.", earcon: .activate))
        await h.press(.char("g"), .down, .down, .down, .down, .down, .down, .down, .down, .down, .enter)
        #expect(h.texts.last == "Followed hashtags. Hashtags, wheel list, 1 of 1. poetry")
        await h.press(.f(2), .enter)
        #expect(h.engine.calls.last == "unfollow #poetry")
        #expect(h.utterances.last == Utterance("You no longer follow #poetry.", earcon: .toggleOff))
        #expect(h.engine.scripted.toolsState.followed.isEmpty)
        await h.press(.escape, .escape, .char("#"))
        #expect(h.utterances.last == Utterance("You follow #poetry: its posts come into your home timeline.", earcon: .activate))
        #expect(h.engine.scripted.toolsState.followed == ["poetry"])
    }

    /// A list whose choice opens another screen chooses with the activate earcon alone: the screen that opens
    /// says itself, so the name is not said first with "chosen".
    @Test func choosingAFollowedHashtagOpensItsTimelineWithTheEarconAlone() async throws {
        let h = try AppHarness()
        await h.open()
        await openFollowedHashtags(h, following: "poetry")
        #expect(h.texts.last == "Followed hashtags. Hashtags, wheel list, 1 of 1. poetry")
        h.speech.clear()
        await h.press(.enter)
        #expect(h.earcons.first == "activate")
        #expect(h.texts == ["Hashtag poetry, Nothing here yet"])
    }

    @Test func theHashtagKeyOutsideAHashtagTimelineSaysSo() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.char("#"))
        #expect(h.utterances.last == Utterance("This is not a hashtag's timeline.", earcon: .error))
        #expect(!h.engine.calls.contains { $0.contains("#") })
    }

    @Test func editTheProfileFromYourOwn() async throws {
        let h = try AppHarness()
        h.engine.scripted.setProfile(ProfileEdit(displayName: "Me Myself", note: "Hello", fields: [ProfileField(name: "Town", value: "Vic")]))
        await h.open()
        await h.press(.char("m"))
        for _ in 0..<9 { await h.press(.tab) }
        #expect(h.texts.last == "Edit profile, button")
        await h.press(.enter)
        #expect(h.texts.last == "Edit profile. Display name, text field, Me Myself, cursor at the end, 21 characters left, Type to write.")
        #expect(h.lines[2...16] == [
            " > Display name: (21 left) Me Myself", "   Bio: (495 left)", "   Hello", "", "", "   Field 1 name: Town", "   Field 1 value: Vic",
            "   Field 2 name:", "   Field 2 value:", "   Field 3 name:", "   Field 3 value:", "   Field 4 name:", "   Field 4 value:",
            "   [ ] Approve follow requests off", "   [Save profile]",
        ])
        for character in " R." { await h.press(.char(character)) }
        for _ in 0..<4 { await h.press(.tab) }
        for character in "Pronouns" { await h.press(.char(character)) }
        await h.press(.tab)
        for character in "they/them" { await h.press(.char(character)) }
        await h.press(.f(2), .enter)
        #expect(h.engine.calls.last == "update profile Me Myself R.")
        #expect(h.utterances.last == Utterance("Profile saved.", earcon: .activate))
        #expect(h.engine.scripted.toolsState.profile == ProfileEdit(
            displayName: "Me Myself R.", note: "Hello", fields: [ProfileField(name: "Town", value: "Vic"), ProfileField(name: "Pronouns", value: "they/them")]))
    }

    @Test func pinYourOwnPostAndNotSomeoneElses() async throws {
        let h = try AppHarness()
        h.engine.setCached([post("104", by: me, "<p>My own words</p>", minutesAgo: 1)] + homePosts, in: "home")
        await h.open()
        #expect(h.texts.last?.contains("Me Myself: My own words") == true, "\(h.texts.suffix(2))")
        await h.press(.char("P"))
        #expect(h.engine.calls.last == "pin 104 true")
        #expect(h.utterances.last == Utterance("Pinned to your profile.", earcon: .activate))
        await h.press(.char("P"))
        #expect(h.engine.calls.last == "pin 104 false")
        #expect(h.utterances.last == Utterance("Unpinned from your profile.", earcon: .activate))
        await h.press(.down, .char("P"))
        #expect(h.utterances.last == Utterance("Only your own posts can be pinned.", earcon: .error))
        #expect(h.engine.calls.last == "pin 104 false")
    }

    @Test func trendingPostsAndHashtagsFromGoTo() async throws {
        let h = try AppHarness()
        h.engine.scripted.setTrends(posts: [post("200", by: ben, "<p>Everyone is talking about this</p>", minutesAgo: 60)],
                                    hashtags: [Hashtag(name: "poetry", uses: 4, people: 1)],
                                    links: [LinkCard(url: "https://example.com/herons", title: "Herons at dawn", providerName: "Birds")])
        await h.open()
        await h.press(.char("g"), .down, .down, .down, .down, .down, .down, .down, .down, .down, .down)
        #expect(h.texts.last == "Trending")
        await h.press(.enter)
        #expect(h.texts.last == "Trending, wheel list, 1 of 2. Ben Jones: Everyone is talking about this. 1 hour ago.")
        await h.press(.down)
        #expect(h.texts.last == "Hashtag poetry. 4 posts by 1 person this week.")
        await h.press(.f(2), .enter)
        #expect(h.texts.last == "Links, wheel list, 1 of 1. Herons at dawn")
    }

    @Test func f1OnTheListsScreenListsItsKeys() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.char("g"), .down, .down, .down, .down, .down, .down, .down, .down, .enter, .f(1))
        #expect(h.texts.last == "Help: Your lists. Help lines, wheel list, Your lists. Enter on a list opens its timeline. Type a title, then Create makes "
                + "a new list or Rename renames the one under the marker. F2 shows its members; F3 deletes it (press twice). People are added from "
                + "their details, Lists, 1 of 21")
        await h.press(.end)
        #expect(h.texts.last == "Left arrow: previous control, where the arrow is free, 21 of 21")
    }

    @Test func followAHashtagFoundBySearch() async throws {
        let h = try AppHarness()
        h.engine.scripted.setSearchResults(SearchResults(accounts: [ana], posts: [], hashtags: ["tea"]))
        await h.open()
        await h.press(.char("/"), .char("t"), .char("e"), .char("a"), .enter, .char("#"))
        #expect(h.utterances.last == Utterance("This result is not a hashtag.", earcon: .error))
        await h.press(.down)
        #expect(h.texts.last == "Hashtag tea")
        await h.press(.char("#"))
        #expect(h.engine.calls.last == "follow #tea")
        #expect(h.utterances.last == Utterance("You follow #tea: its posts come into your home timeline.", earcon: .activate))
        await h.press(.char("#"))
        #expect(h.engine.calls.last == "unfollow #tea")
        #expect(h.utterances.last == Utterance("You no longer follow #tea.", earcon: .activate))
    }
}
