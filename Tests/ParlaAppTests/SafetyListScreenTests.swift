import Foundation
import LVControls
import MicroblogKit
import ParlaApp
import SpeechKit
import TerminalKit
import Testing

/// Issue 18 item 3's screens: the people the user mutes and blocks (the one people-list screen, with
/// their actions), the blocked servers, and the keyword filters made, changed and deleted on screen.
@Suite struct SafetyListScreenTests {
    /// Go to, then the place `up` places above About (the last but Quit Parla).
    func goTo(_ h: AppHarness, up: Int) async {
        await h.press(.char("g"), .end, .up)
        for _ in 0..<up { await h.press(.up) }
        await h.press(.enter)
    }

    @Test func thePeopleYouMuteWithWhenEachMuteEndsAndUnmuteFromTheList() async throws {
        let h = try AppHarness()
        h.engine.scripted.setSafetyClock { testNow }
        _ = try await h.engine.scripted.setMuted(true, accountId: "1", notifications: true, duration: .oneHour)
        _ = try await h.engine.scripted.setMuted(true, accountId: "2", notifications: false, duration: .forever)
        await h.open()
        await goTo(h, up: 10)
        #expect(h.texts.last == "People you mute. Muted, wheel list, 1 of 2. Ana García, @ana. Reads poetry aloud. 42 posts, 12 followers, "
            + "following 7.")
        #expect(Array(h.lines.prefix(5)) == [
            " People you mute", " ------------------------------------------------------------------------------", "   Handle: @ana", "", "   Name: Ana García. Muted until Mar 1, 2026 at 1:00\u{202F}PM.",
        ])
        await h.press(.f(2), .enter)
        #expect(h.engine.calls.last == "mute 1 false with notifications forever")
        #expect(h.utterances.last == Utterance("You no longer mute @ana.", earcon: .activate))
        #expect(h.engine.scripted.safetyState.mutes["1"] == nil)
        #expect(Array(h.lines.prefix(5)) == [
            " People you mute", " ------------------------------------------------------------------------------", "   Handle: @ben@example.org", "", "   Name: Ben Jones. Muted until you unmute them.",
        ])
    }

    @Test func thePeopleYouBlockAndDeleteUnblocks() async throws {
        let h = try AppHarness()
        _ = try await h.engine.scripted.setBlocked(true, accountId: "2")
        await h.open()
        await goTo(h, up: 9)
        #expect(h.texts.last == "People you block. Blocked, wheel list, 1 of 1. Ben Jones, @ben at example.org. 10 posts, 5 followers, "
            + "following 3.")
        await h.press(.delete)
        #expect(h.engine.calls.last == "block 2 false")
        #expect(h.utterances.last == Utterance("You no longer block @ben@example.org.", earcon: .activate))
        #expect(h.engine.scripted.safetyState.blocks.isEmpty)
        #expect(h.lines[4] == "   Name: You block nobody.")
    }

    @Test func blockAServerWithASecondPressThenUnblockIt() async throws {
        let h = try AppHarness()
        await h.open()
        await goTo(h, up: 8)
        #expect(h.texts.last == "Blocked servers. Servers, wheel list, 1 of 1. You block no server.")
        await h.press(.tab)
        for character in "spam" { await h.press(.char(character)) }
        await h.press(.tab, .enter)
        #expect(h.utterances.last == Utterance("Type a server's name, like example.com.", priority: .alert, earcon: .error))
        await h.press(.backTab)
        for character in ".example" { await h.press(.char(character)) }
        await h.press(.tab, .enter)
        #expect(h.texts.last == "Press Block server again to block spam.example: nothing from it will reach you, and you lose your followers there")
        #expect(!h.engine.calls.contains { $0.hasPrefix("domain block") })
        await h.press(.enter)
        #expect(h.engine.calls.last == "domain block spam.example true")
        #expect(h.utterances.last == Utterance("You blocked the server spam.example.", earcon: .activate))
        #expect(h.engine.scripted.safetyState.domains == ["spam.example"])
        #expect(Array(h.lines.prefix(4)) == [" Blocked servers", " ------------------------------------------------------------------------------", "   Servers 1 of 1", "   > spam.example"])
        await h.press(.f(2), .enter)
        #expect(h.engine.calls.last == "domain block spam.example false")
        #expect(h.utterances.last == Utterance("You no longer block the server spam.example.", earcon: .activate))
        #expect(h.engine.scripted.safetyState.domains.isEmpty)
    }

    @Test func makeChangeAndDeleteAKeywordFilter() async throws {
        let h = try AppHarness()
        h.engine.scripted.setSafetyClock { testNow }
        await h.open()
        await goTo(h, up: 11)
        #expect(h.texts.last == "Filters, wheel list, 1 of 1. You have no filters.")
        await h.press(.char("+"))
        #expect(h.texts.last == "New filter. Title, text field, empty, cursor at the end, Type to write.")
        // Saved without a title: said, and nothing is sent.
        await h.press(.f(2), .enter)
        #expect(h.utterances.last == Utterance("The filter needs a title.", priority: .alert, earcon: .error))
        await h.press(.backTab)
        for _ in 0..<20 { if h.texts.last?.hasPrefix("Title") == true { break }; await h.press(.tab) }
        for character in "Spoilers" { await h.press(.char(character)) }
        await h.press(.tab)
        for character in "leak, finale" { await h.press(.char(character)) }
        await h.press(.f(2), .enter)
        #expect(h.engine.calls.last == "save filter new")
        #expect(h.utterances.suffix(2).first == Utterance("Filter Spoilers added.", priority: .answer, earcon: .activate))
        let added = try #require(h.engine.scripted.safetyState.filters.first)
        #expect(added.title == "Spoilers")
        #expect(added.keywords.map(\.text) == ["leak", "finale"])
        #expect(added.keywords.allSatisfy { $0.wholeWord })
        #expect(added.contexts == ["home", "notifications", "public", "thread"])
        #expect(added.action == .warn)
        #expect(added.expiresAt == nil)
        #expect(h.texts.last == "Spoilers: leak, finale. Behind a warning in home and lists, notifications, public timelines, conversations. No end.")
        // Enter edits it: hidden instead of behind a warning, for a day, the word "finale" dropped.
        await h.press(.enter)
        #expect(h.texts.last == "Filter Spoilers. Title, text field, Spoilers, cursor at the end")
        await h.press(.tab)
        for _ in 0..<", finale".count { await h.press(.backspace) }
        await h.press(.tab, .tab, .right, .enter)
        for _ in 0..<6 { await h.press(.tab) }
        await h.press(.right, .right, .right, .right, .right, .right, .enter)
        await h.press(.f(2), .enter)
        #expect(h.engine.calls.last == "save filter \(added.id)")
        let changed = try #require(h.engine.scripted.safetyState.filters.first)
        #expect(changed.action == .hide)
        #expect(changed.keywords.map(\.text) == ["leak"])
        #expect(changed.expiresAt == testNow.addingTimeInterval(86_400))
        #expect(h.texts.suffix(2) == [
            "Filter Spoilers changed.",
            "Spoilers: leak. Hidden in home and lists, notifications, public timelines, conversations. Until Mar 2, 2026 at 12:00\u{202F}PM.",
        ])
        // Delete asks twice.
        await h.press(.delete)
        #expect(h.texts.last == "Press Delete again to delete the filter Spoilers")
        await h.press(.delete)
        #expect(h.engine.calls.last == "delete filter \(added.id)")
        #expect(h.utterances.last == Utterance("Filter removed.", earcon: .activate))
        #expect(h.engine.scripted.safetyState.filters.isEmpty)
    }

    @Test func theNewScreensHelpListsTheirKeys() async throws {
        let h = try AppHarness()
        await h.open()
        await goTo(h, up: 11)
        await h.press(.f(1))
        #expect(h.texts.last?.hasPrefix("Help: Filters. Help lines, wheel list, Your keyword filters: posts with their words") == true, "\(h.texts.suffix(1))")
        #expect(h.lines.contains("     plus or Insert: new filter."), "\(h.lines)")
        #expect(h.lines.contains("     Delete: remove the one under the marker."), "\(h.lines)")
    }

    @Test func theLeaveSoundIsASettingKeptLikeTheOthers() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.f(9))
        for _ in 0..<40 { if h.texts.last?.hasPrefix("Leave sound") == true { break }; await h.press(.tab) }
        #expect(h.texts.last == "Leave sound, toggle button, on")
        #expect(h.utterances.last?.leadingEarcon == .leave)
        #expect(h.utterances.last?.earcon == .focus)
        await h.press(.enter)
        #expect(h.store.saved?.leaveSound == false)
        await h.press(.backTab)
        #expect(h.utterances.last?.leadingEarcon == nil)
        #expect(h.utterances.last?.earcon == .focus)
        // Kept in settings.json as the others are.
        var object: [String: Any] = [:]
        h.store.saved?.write(into: &object)
        #expect(object["leaveSound"] as? Bool == false)
        #expect(AppSettings(json: object).leaveSound == false)
        #expect(AppSettings(json: [:]).leaveSound == true)
    }
}
