import Foundation
import MicroblogKit
import ParlaBase
import ParlaPresentation
import Testing

/// The reader's words each in its own voice and said once (issue 26, items 5 and 6): a link preview's title in
/// the post's voice, an address said by its host, a hashtag's words in the voice of the words around it.
@Suite struct ReaderVoicesTests {
    @Test func aLinkPreviewsTitleIsInThePostsVoiceInTheReader() {
        var post = samplePost("<p>Mirad esto</p>", language: "es")
        post.card = LinkCard(url: "https://news.example.net/story", title: "La historia del lector", providerName: "Noticias")
        let reading = speechText().reading(post, now: speechNow)
        #expect(voiced(reading) == "[-]Ana García @ana\n5 minutes ago · Spanish (Español) · public\n\n[es]Mirad esto[-]\n\n[Link: [es]La historia del lector[-], "
            + "Noticias]\n\nLinks:\nhttps://news.example.net/story")
    }

    @Test func theReaderSaysAnAddressByItsHostAndAHashtagInTwoVoicesWithThePunctuationAroundThem() {
        let post = samplePost(#"<p>Ved (<a href="https://github.com/espeak-ng/espeak-ng">https://github.com/espeak-ng/espeak-ng</a>), "#
                              + hashtagHTML("a11y") + ".</p>", language: "es")
        let sayings = speechText().readerSayings(of: post)
        #expect(sayings.said("(github.com/espeak-ng/espeak-ng),", voice: "es").map(voiced) == "[-](link to github.com),")
        #expect(sayings.said("#a11y.", voice: "es").map(voiced) == "[-]hashtag [es]accesibilidad.")
        #expect(sayings.said("https://github.com/espeak-ng/espeak-ng", voice: nil).map(voiced) == "[-]github.com")
        // A word in the interface's language is said in one voice; a word with no saying is said as shown.
        #expect(sayings.said("#a11y", voice: "en").map(voiced) == "[en]hashtag accessibility")
        #expect(sayings.said("Ved", voice: "es") == nil)
    }
}
