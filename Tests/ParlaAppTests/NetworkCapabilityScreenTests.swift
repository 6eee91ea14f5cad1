import Foundation
import LVControls
import MicroblogKit
import MicroblogKitTesting
import ParlaApp
import SpeechKit
import TerminalKit
import Testing

/// The screens offer only what the account's network has: on a Bluesky-like network (the in-memory engine
/// over a service whose server says it is Bluesky's, 300 characters) no key in F1 for polls, edits, pins or
/// followed hashtags, no local timeline, direct posts or filters in Go to, no content warning, poll, time or
/// visibility in compose; and no Bookmark toggle where a network has no bookmarks.
@Suite struct NetworkCapabilityScreenTests {
    func blueskyHarness(
        size: Size = Size(width: 80, height: 24), without missing: NetworkCapabilities.Feature? = nil, feeds: [CustomFeed] = []
    ) async throws -> AppHarness {
        let engine = FakeEngine()
        engine.scripted.setCustomFeeds(feeds)
        // What a Bluesky server states: its network and its 300 characters.
        var bluesky = InstanceInfo(domain: "bsky.test", title: "Bluesky test", version: "1", maxCharacters: 300, maxMediaAttachments: 4)
        bluesky.network = .bluesky
        engine.scripted.setInstance(bluesky)
        if let missing {
            var capabilities = bluesky.capabilities
            capabilities.features.remove(missing)
            engine.scripted.setCapabilities(capabilities)
        }
        let h = try AppHarness(size: size, engine: engine)
        await h.open()
        return h
    }

    @Test func aTimelineOfANetworkWithoutBookmarksShowsNoBookmarkToggleAndItsActionsInItsWords() async throws {
        let h = try await blueskyHarness(without: .bookmarks)
        #expect(h.lines == [
            " Home · main",
            " ------------------------------------------------------------------------------",
            "   [Ana García @ana]                      Time: 5 min ago",
            "   Good morning, everyone!",
            "",
            "",
            "",
            "",
            "   [ ] Repost       [Reply]       [ ] Like      [Thread]      [Refresh]",
            "",
            " > Posts 1 of 3",
            "   > Ana García: Good morning, everyone!",
            "     Ben Jones: Hola, ¿qué tal?",
            "     Ana García: The example page is up.",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "   You are in Home · 1 of 3",
            " ------------------------------------------------------------------------------",
            "   [About]            [Info]             [Details]          [New post]",
        ])
        // The focus starts on the wheel, as on Mastodon.
        #expect(h.cursor == Point(x: 5, y: 11))
    }

    /// Bluesky's profile has a name of 64 graphemes and a bio of 256, and no fields or approval of followers.
    @Test func editTheProfileOnBlueskyOffersNameAndBioInItsLimits() async throws {
        let h = try await blueskyHarness()
        h.engine.scripted.setProfile(ProfileEdit(displayName: "Me Myself", note: "Hello"))
        await h.press(.char("m"))
        for _ in 0..<15 where h.texts.last != "Edit profile, button" { await h.press(.tab) }
        await h.press(.enter)
        #expect(h.texts.last == "Edit profile. Display name, text field, Me Myself, cursor at the end, 55 characters left, Type to write.")
        #expect(Array(h.lines[2...9]) == [" > Display name: (55 left) Me Myself", "", "   Bio: (251 left)", "   Hello", "", "", "", "   [Save profile]"], "\(h.lines)")
    }

    @Test func f1OnABlueskyTimelineListsNoKeyForWhatItLacksAndSaysLikeAndRepost() async throws {
        let h = try await blueskyHarness(size: Size(width: 60, height: 60))
        h.speech.clear()
        await h.press(.f(1), .down)
        #expect(h.texts == [
            "Help: Home · main. Help lines, wheel list, The timeline: the author, the time and the text of the post under the wheel, "
                + "the actions, the wheel of posts and where you are. Single keys work from anywhere on this screen, 1 of 53, Up and Down move, type letters to jump, Enter chooses.",
            "c: write a new post, 2 of 53",
        ])
        #expect(Array(h.lines[3...35]) == [
            "     The timeline: the author, the time and the text of...",
            "   > c: write a new post.",
            "     r: reply to the post.",
            "     b: repost or undo the repost.",
            "     f: like or unlike the post.",
            "     k: bookmark or unbookmark the post.",
            "     t: open the post's thread.",
            "     u: open the author's details.",
            "     g: go to another timeline.",
            "     dot or F 5: refresh the timeline.",
            "     w: open or close a content or filter warning.",
            "     a: read the attachments' descriptions.",
            "     l: list the post's links.",
            "     d: delete your post (press twice).",
            "     p: say where you are.",
            "     F 9: open the settings.",
            "     x: read the whole post (also Enter on its text).",
            "     ]: next open timeline.",
            "     [: previous open timeline.",
            "     slash: search accounts, hashtags and posts.",
            "     m: open your profile.",
            "     o: open the outbox and drafts.",
            "     dollar: open the budget: calls left and when the li...",
            "     z: remind me about this post.",
            "     capital Z: open your reminders.",
            "     capital M: mute or unmute the post's conversation (...",
            "     exclamation mark: report the post's author, with th...",
            "     capital E: delete your post and write it again.",
            "     capital P: pin or unpin your own post on your profile.",
            "     capital B: list who reposted the post.",
            "     capital F: list who liked the post.",
            "     i: show the post's pictures, as large as the window...",
            "     capital I: list the post's attachments (pictures, v...",
        ])
    }

    @Test func aLikeAndARepostOnBlueskyAreSaidAndShownInItsWords() async throws {
        let h = try await blueskyHarness()
        h.speech.clear()
        await h.press(.char("f"), .char("b"))
        #expect(h.texts == ["Liked", "Reposted"])
        #expect(h.lines[8] == "   [x] Repost    [Reply]    [x] Like    [ ] Bookmark    [Thread]    [Refresh]")
        await h.press(.char("f"), .char("b"))
        #expect(h.texts == ["Liked", "Reposted", "Like removed", "Repost removed"])
    }

    @Test func keysOfWhatBlueskyLacksDoNothingThere() async throws {
        let h = try await blueskyHarness()
        await h.press(.char("P"), .char("#"), .char("H"))
        #expect(!h.engine.calls.contains { $0.hasPrefix("pin") || $0.hasPrefix("follow #") || $0.hasPrefix("history") })
        #expect(h.lines[0] == " Home · main")
    }

    @Test func goToOnBlueskyOffersOnlyWhatItHas() async throws {
        let h = try await blueskyHarness(size: Size(width: 40, height: 30))
        h.speech.clear()
        await h.press(.char("g"))
        for _ in 0..<15 { await h.press(.down) }
        #expect(h.texts == [
            "Go to. Places, wheel list, 1 of 16. Home. Up and Down move, type letters to jump, Enter chooses.", "Mentions", "Notifications", "Bookmarks", "Likes", "Lists",
            "People you mute", "People you block", "Search", "Your profile", "Outbox and drafts", "Reminders", "Budget: server calls left",
            "Settings", "About Parla", "Quit Parla",
        ])
    }

    /// Issue 27: the custom feeds the user saved are places of Go to, after the lists; one opens as a timeline
    /// of its own, and the places are offered whole at once the next time.
    /// The saved feeds are read with the lists when the session starts: Go to's first count is the count it shows.
    @Test func goToOnBlueskyOffersTheSavedFeedsAsTimelines() async throws {
        let feed = CustomFeed(id: "at://did:plc:owner/app.bsky.feed.generator/pictures", name: "Pictures")
        let h = try await blueskyHarness(size: Size(width: 40, height: 30), feeds: [feed])
        h.engine.willBring([Fixtures.post("501", text: "<p>A heron at dawn</p>")], to: "feed:\(feed.id)")
        h.speech.clear()
        await h.press(.char("g"))
        for _ in 0..<5 { await h.press(.down) }
        #expect(h.texts == ["Go to. Places, wheel list, 1 of 17. Home. Up and Down move, type letters to jump, Enter chooses.", "Mentions", "Notifications", "Bookmarks", "Likes", "Feed Pictures"])
        await h.press(.enter)
        #expect(h.engine.calls.contains("refresh feed:\(feed.id)"), "\(h.engine.calls)")
        #expect(h.lines[0] == " Feed Pictures · main", "\(h.lines)")
        #expect(h.lines.contains { $0.contains("A heron at dawn") }, "\(h.lines)")
    }

    /// A reply on Bluesky reaches its thread by itself: it does not start with the author's name, which would
    /// only spend its 300 graphemes (on Mastodon it starts "@ana ", `ScenarioTests.replyThroughTheKeypad`).
    @Test func aReplyOnBlueskyStartsEmptyWithoutTheAuthorsHandle() async throws {
        let h = try await blueskyHarness()
        h.speech.clear()
        await h.press(.char("r"))
        #expect(h.texts == ["Reply to Ana García. Text, text field, empty, cursor at the end, 300 characters left, Type to write."])
        #expect(h.lines[2] == " > Text: (300 left)")
    }

    @Test func composeOnBlueskyHasNoWarningPollTimeOrVisibility() async throws {
        let h = try await blueskyHarness()
        h.speech.clear()
        await h.press(.char("c"))
        #expect(h.texts == ["New post. Text, text field, empty, cursor at the end, 300 characters left, Type to write."])
        #expect(h.lines == [
            " New post",
            " ------------------------------------------------------------------------------",
            " > Text: (300 left)",
            "",
            "",
            "",
            "",
            "   Keypad: lower case",
            "   Words: none",
            "    1 .,?!      2 abcá      3 defé",
            "    4 ghií     [5 jkl]      6 mnoñ",
            "    7 pqrs      8 tuvú      9 wxyz",
            "    * abc       0 ␣         # del",
            "",
            "   [Attach a file, 0 of 4]",
            "",
            "   Language: [English] Spanish (Español) Catalan (Català)",
            "",
            "",
            "",
            "",
            "",
            " ------------------------------------------------------------------------------",
            "   [Cancel]           [Info]             300 left           [Send]",
        ])
    }

    @Test func composeOnBlueskyNeverSendsAnImageWithoutItsDescription() async throws {
        let path = try ComposeAttachTests.image()
        let h = try await blueskyHarness()
        await h.press(.char("c"))
        for character in "At the river" { await h.press(.char(character)) }
        // Text, keypad, then Attach (no content warning field on Bluesky).
        await h.press(.tab, .tab, .enter, .tab)
        for character in path { await h.press(.char(character)) }
        await h.press(.enter, .tab, .f(3), .enter)
        let refusal = "heron.png has no description, and Bluesky needs one for every image. Write it in the description field."
        #expect(h.texts.last == refusal, "\(h.texts.suffix(3))")
        // Send again does not post it either.
        await h.press(.enter)
        #expect(h.texts.last == refusal, "\(h.texts.suffix(3))")
        #expect(h.engine.sent.isEmpty)
    }
}
