import Foundation
import MicroblogKit

extension SpeechText {
    /// The voice of a post's own words: the language the post names, else the one told from its words
    /// (``LanguageGuess``: many Bluesky posts carry no `langs`, and some servers send none) when it is not the
    /// interface's; nil for the interface's voice.
    func voiceLanguage(of post: Post) -> String? {
        if let named = Self.voiceLanguage(post.language) { return named }
        guard let told = LanguageGuess.language(of: postBody(post).display)?.code, isForeign(told) else { return nil }
        return told
    }
}
