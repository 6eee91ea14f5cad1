import Foundation
import MicroblogKit
import ParlaBase
import ParlaPresentation
import Testing

/// A hashtag's word "hashtag" is the interface's, the tag's words are the author's: each is said in its own
/// voice (issue 26, item 6); NumeronymTests has a numeronym in a tag said in the words of the post's language.
@Suite struct HashtagVoicesTests {
    @Test func aSpanishHashtagsWordsAreInTheSpanishVoiceWithAnEnglishInterface() {
        let post = samplePost("<p>Leyendo sobre " + hashtagHTML("accesibilidad") + "</p>", language: "es")
        let output = speechText().present(post, template: .standard(.minimal), now: speechNow)
        #expect(voiced(output.segments) == "[-]Ana García: [es]Leyendo sobre [-]hashtag [es]accesibilidad.")
    }

    @Test func aCatalanPostsHashtagsAreInTheCatalanVoiceAndTheWordHashtagInTheInterfaces() {
        let post = samplePost("<p>Llegint " + hashtagHTML("llibres") + " " + hashtagHTML("accessibilitat") + "</p>", language: "ca")
        let output = speechText().present(post, template: .standard(.minimal), now: speechNow)
        #expect(voiced(output.segments) == "[-]Ana García: [ca]Llegint [-]hashtag [ca]llibres [-]hashtag [ca]accessibilitat.")
    }

    @Test func aHashtagTimelinesNameIsSaidWithoutTheHashSign() {
        #expect(speechText().hashtagWords("accesibilidad") == "accesibilidad")
        #expect(speechText().hashtagWords("a11yMatters") == "accessibility Matters")
        #expect(speechText(.spanish).hashtagWords("a11y") == "accesibilidad")
    }
}
