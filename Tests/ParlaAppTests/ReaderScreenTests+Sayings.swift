import Foundation
import LVControls
import MicroblogKit
@testable import ParlaApp
import ParlaBase
import SpeechKit
import TerminalKit
import Testing

/// Tom's post of the demo, in Spanish: an address written out and a hashtag, with a link preview.
let addressPost = Post(
    id: "210", createdAt: testNow.addingTimeInterval(-10 * 60), account: ben,
    content: RichText(html: "<p>Software libre: <a href=\"https://github.com/espeak-ng/espeak-ng\">https://github.com/espeak-ng/espeak-ng</a> "
        + "<a href=\"https://example.social/tags/accesibilidad\" class=\"mention hashtag\" rel=\"tag\">#<span>accesibilidad</span></a></p>"),
    language: "es")

/// The reader shows addresses and hashtags as written and says them as the timeline does (issue 26, items 5 and 6).
extension ReaderScreenTests {
    /// Where the hardware cursor is ("x,y") as each word of a reading to the end is heard; speech is quiet afterwards.
    func cursorFollowing(_ h: AppHarness, hearing words: [String]) throws -> [String] {
        h.speech.isSpeaking = true
        defer {
            h.speech.isSpeaking = false
            h.speech.currentWord = nil
        }
        return try words.map { word in
            h.speech.hear(word)
            if h.app.host.tick() { h.app.host.render() }
            h.clock.advance(by: ScreenHost.speechFollowInterval)
            let cursor = try #require(h.cursor)
            return "\(cursor.x),\(cursor.y)"
        }
    }

    @Test func theReaderSaysAnAddressAsLinkToItsHostOnceAndAHashtagInItsVoices() async throws {
        let h = try await harness([addressPost])
        await h.press(.char("x"))
        #expect(Array(h.lines[2...9]) == [
            " > Ben Jones @ben@example.org",
            "   10 minutes ago · Spanish (Español) · public",
            "",
            "   Software libre: github.com/espeak-ng/espeak-ng #accesibilidad",
            "",
            "   Links:",
            "   https://github.com/espeak-ng/espeak-ng",
            "",
        ])
        let start = h.utterances.count
        await h.press(.enter)
        #expect(said(h, from: start) == [
            "[en-GB]Ben Jones @ben@example.org 10 minutes ago · Spanish (Español) · public [es]Software libre: [en-GB]link to github.com hashtag [es]accesibilidad [en-GB]Links: github.com",
        ])
    }

    @Test func readingToTheEndFollowsPastAnAddressSaidAsItsHost() async throws {
        let h = try await harness([addressPost])
        await h.press(.char("x"), .enter)
        #expect(try cursorFollowing(h, hearing: ["libre:", "github.com", "accesibilidad", "Links:"]) == ["12,5", "19,5", "50,5", "3,7"])
        // Review word by word says each as it is heard, and shows the word as written.
        await h.press(.left, .left)
        #expect(Array(h.texts.suffix(2)) == ["hashtag accesibilidad", "link to github.com"])
    }
}
