import Foundation
import MicroblogKit
import ParlaBase
import ParlaPresentation
import Testing

/// Well-known numeronyms ("#a11y", "i18n", "k8s") are said as their words in the voice that reads them,
/// never "a 11 y"; the screen shows them as written.
@Suite struct NumeronymTests {
    /// Segments as `[lang]text` (`[-]` for the interface's voice), joined.
    func rendered(_ segments: [SpeechText.Segment]) -> String {
        segments.map { "[\($0.language ?? "-")]\($0.text)" }.joined()
    }

    @Test func aNumeronymHashtagIsSaidAsItsWordAndShownAsWritten() {
        let post = samplePost("<p>Testing the reader today " + hashtagHTML("a11y") + " " + hashtagHTML("I18N") + "</p>")
        let output = speechText().present(post, template: .standard(.full), now: speechNow)
        #expect(output.spoken == "Ana García: Testing the reader today hashtag accessibility hashtag internationalisation. 5 minutes ago.")
        #expect(output.display == "Testing the reader today #a11y #I18N")
        #expect(output.line == "Ana García: Testing the reader today #a11y #I18N")
    }

    @Test func numeronymsInTheTextAndInHashtagsAreSaidInThePostsVoiceAndTheWordHashtagInTheInterfaces() {
        let post = samplePost("<p>Charla sobre a11y y k8s en Madrid " + hashtagHTML("a11yMatters") + "</p>", language: "es")
        let output = speechText().present(post, template: .standard(.minimal), now: speechNow)
        #expect(rendered(output.segments)
            == "[-]Ana García: [es]Charla sobre accesibilidad y Kubernetes en Madrid [-]hashtag [es]accesibilidad Matters.")
        #expect(output.spoken == "Ana García: Charla sobre accesibilidad y Kubernetes en Madrid hashtag accesibilidad Matters.")
        let catalan = speechText(.catalan).present(samplePost("<p>Parlem de l10n</p>", language: "ca"), template: .standard(.minimal), now: speechNow)
        #expect(catalan.spoken == "Ana García: Parlem de localització.")
    }

    @Test func onlyWholeWordsAreNumeronymsAndMarkupStaysText() {
        let post = samplePost("<p>xa11y a11ya A11Y k8s_cluster &lt;a11y&gt; v2 a11y.</p>")
        let output = speechText().present(post, template: .standard(.minimal), now: speechNow)
        #expect(output.spoken == "Ana García: xa11y a11ya accessibility k8s_cluster <accessibility> v2 accessibility.")
        #expect(output.display == "xa11y a11ya A11Y k8s_cluster <a11y> v2 a11y.")
    }
}
