import LVControls
import SpeechKit
import Testing

/// A run of a review text said otherwise than shown, in parts each in its own voice (issue 26, items 5 and 6):
/// "#accesibilidad" said "hashtag" in the interface's voice and "accesibilidad" in the post's; review stays on
/// the run as shown.
@Suite struct ReviewTextSayingsTests {
    let text = ReviewText(segments: [Utterance.Segment("Leo sobre #accesibilidad hoy", language: "es")], language: "es")
        .saidInVoices { shown, voice in
            shown == "#accesibilidad" ? [Utterance.Segment("hashtag "), Utterance.Segment("accesibilidad", language: voice)] : nil
        }

    @Test func aRunSaidInTwoVoicesIsSaidInEachAndShownAsWritten() {
        let whole = text.utterance(0..<text.characters.count)
        #expect(whole.segments == [Utterance.Segment("Leo sobre ", language: "es"), Utterance.Segment("hashtag "),
                                   Utterance.Segment("accesibilidad hoy", language: "es")])
        #expect(text.string == "Leo sobre #accesibilidad hoy")
        // The run alone, as review says it.
        let word = text.span(ofWords: 2..<3)
        #expect(text.utterance(word).segments == [Utterance.Segment("hashtag "), Utterance.Segment("accesibilidad", language: "es")])
        #expect(text.utterance(word).text == "hashtag accesibilidad")
    }
}
