import Foundation
import MicroblogKit
import ParlaApp
import SpeechKit
import TerminalKit
import Testing

/// The post's text label, focused with Tab (or reached by a switch user's scan), reads the post's words in the
/// voice of its language: a Spanish post was read in the English voice.
@Suite struct PostTextVoiceTests {
    @Test func thePostsTextFocusedIsReadInThePostsVoice() async throws {
        let engine = FakeEngine()
        engine.setCached([spanishPost] + homePosts, in: "home")
        let h = try AppHarness(engine: engine)
        await h.open()
        for _ in 0..<7 { await h.press(.backTab) }
        let said = try #require(h.utterances.last)
        #expect(said.resolvedSegments(interface: "en-GB").map { "[\($0.language ?? "")]\($0.text)" } == [
            "[es]Hoy llueve mucho. ¿Vamos al cine? ", "[en-GB][Image: ", "[es]Un paraguas rojo",
            "[en-GB]], Enter reads the post whole. Right and Left read word by word.",
        ])
    }

    /// A hashtag and an address are said as the reader says them, not as eSpeak reads them written ("hash", "slash"):
    /// "hashtag" and "link to" in the interface's voice, the tag's words in the post's; the screen shows them as written.
    @Test func theFocusedTextSaysAHashtagAndAnAddressAsTheReaderDoes() async throws {
        let tagged = Post(
            id: "202", createdAt: testNow.addingTimeInterval(-10 * 60), account: ben,
            content: RichText(html: #"<p>Lo probamos en la radio <a href="https://parla.test/tags/accesibilidad" class="mention hashtag" rel="tag">#<span>accesibilidad</span></a> "#
                + #"con <a href="https://github.com/espeak-ng/espeak-ng"><span class="invisible">https://</span>github.com/espeak-ng/espeak-ng</a></p>"#),
            language: "es")
        let engine = FakeEngine()
        engine.setCached([tagged] + homePosts, in: "home")
        let h = try AppHarness(engine: engine)
        await h.open()
        for _ in 0..<7 { await h.press(.backTab) }
        let said = try #require(h.utterances.last)
        #expect(said.resolvedSegments(interface: "en-GB").map { "[\($0.language ?? "")]\($0.text)" } == [
            "[es]Lo probamos en la radio ", "[en-GB]hashtag ", "[es]accesibilidad con ",
            "[en-GB]link to github.com, Enter reads the post whole. Right and Left read word by word.",
        ])
        #expect(h.lines.contains { $0.contains("#accesibilidad con github.com/espeak-ng/espeak-ng") }, "\(h.lines)")
        // Home reads it again the same way.
        await h.press(.home)
        #expect(h.utterances.last?.segments == [
            .init("Lo probamos en la radio ", language: "es"), .init("hashtag "), .init("accesibilidad con ", language: "es"), .init("link to github.com"),
        ])
    }
}
