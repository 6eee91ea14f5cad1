import Foundation
import MicroblogKit
import ParlaApp
import SpeechKit
import TerminalKit
import Testing

/// Follows `tag` from Go to, then opens the followed hashtags' screen (its list has focus).
func openFollowedHashtags(_ h: AppHarness, following tag: String) async {
    await h.press(.char("g"), .tab)
    for character in tag { await h.press(.char(character)) }
    await h.press(.enter, .char("#"))
    await h.press(.char("g"), .down, .down, .down, .down, .down, .down, .down, .down, .down, .enter)
}

/// Issue 26 item 8: a hashtag timeline's name is shown with its "#" but said without it (eSpeak-NG says "hash").
@Suite struct HashtagTimelineTitleTests {
    @Test func aHashtagTimelinesTitleIsSaidWithoutTheHashSignAndShownWithIt() async throws {
        let h = try AppHarness()
        await h.open()
        await openFollowedHashtags(h, following: "poetry")
        h.speech.clear()
        await h.press(.enter)
        #expect(h.texts == ["Hashtag poetry, Nothing here yet"])
        #expect(h.lines[0] == " Hashtag #poetry · main")
        // Coming back to it with the timelines' keys says it the same way.
        await h.press(.char("["))
        await h.press(.char("]"))
        #expect(h.texts.last?.hasPrefix("Hashtag poetry, ") == true, "\(h.texts)")
    }

    @Test func loadingAHashtagTimelineSaysItsNameWithoutTheHashSignAndItsNumeronymAsWords() async throws {
        let h = try AppHarness()
        await h.open()
        await h.press(.char("g"), .tab)
        for character in "a11y" { await h.press(.char(character)) }
        h.speech.clear()
        await h.press(.enter)
        #expect(h.texts.first == "Loading Hashtag accessibility, please wait, Escape cancels.")
        #expect(h.lines[0] == " Hashtag #a11y · main")
    }

    @Test func aFollowedHashtagIsShownWithTheHashSignAndSaidWithout() async throws {
        let h = try AppHarness()
        await h.open()
        await openFollowedHashtags(h, following: "poetry")
        #expect(h.texts.last == "Followed hashtags. Hashtags, wheel list, 1 of 1. poetry")
        #expect(h.lines.contains { $0.hasSuffix("> #poetry") })
    }
}
