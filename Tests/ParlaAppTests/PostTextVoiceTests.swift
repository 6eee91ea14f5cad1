import Foundation
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
            "[es]Hoy llueve mucho. ¿Vamos al cine?  [Image: Un paraguas rojo]",
            "[en-GB], Enter reads the post whole. Right and Left read word by word.",
        ])
    }
}
