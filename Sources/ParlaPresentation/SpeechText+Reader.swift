import Foundation
import MicroblogKit
import ParlaBase

extension SpeechText {
    /// A post whole, as the reader shows it: who and when, the content warning, the body with its
    /// quote and link preview, the attachments, the poll, the links and the counts, in paragraphs.
    ///
    /// The parts are the template variables (``variables(of:now:)``), so a warning holds back
    /// everything behind it unless the options open it, as everywhere else; the time is in words.
    /// The text comes in segments by language: the author's own words (body, warning, descriptions,
    /// poll options) in the post's, the interface's words in the interface's; joined, they are the
    /// text shown.
    /// - Parameter textOnly: only what a list's text label shows (the warning, the body, the attachments and the poll):
    ///   no head, links or counts.
    public func reading(_ post: Post, now: Date, textOnly: Bool = false) -> [Segment] {
        let values = variables(of: post, now: now)
        let shown = post.shown
        func value(_ key: String) -> String { values[key]?.display ?? "" }
        var blocks: [String] = []
        var head: [String] = []
        if !value("boost").isEmpty { head.append(value("boost")) }
        head.append([value("author"), value("handle")].filter { !$0.isEmpty }.joined(separator: " ") + value("reply"))
        let when = [values["time"]?.spoken ?? "", value("language"), value("visibility")].filter { !$0.isEmpty }
        head.append(when.joined(separator: " · "))
        if !textOnly { blocks.append(head.joined(separator: "\n")) }
        for key in ["cw", "text", "media", "poll"] where !value(key).isEmpty { blocks.append(value(key)) }
        let bodyShown = values["text"] != nil
        if bodyShown, !textOnly {
            var addresses = links(in: post).map(\.url)
            if let card = shown.card {
                let address = TextSafety.cleaned(card.url)
                if !address.isEmpty, !addresses.contains(address) { addresses.append(address) }
            }
            if !addresses.isEmpty { blocks.append(([string("post.reader.links")] + addresses).joined(separator: "\n")) }
        }
        if !value("counts").isEmpty, !textOnly { blocks.append(value("counts")) }
        let display = blocks.joined(separator: "\n\n")
        var own: [String] = [plain(shown.spoilerText, emojis: shown.emojis ?? []).display]
        if bodyShown {
            own.append(postBody(shown).display)
            // A link preview's title is in the post's voice, as the timeline says it.
            if let card = shown.card { own.append(plain(card.title).display) }
            own += shown.media.map { plain($0.description ?? "").display }
            own += (shown.poll?.options ?? []).map { plain($0.title, emojis: shown.emojis ?? []).display }
        }
        let language = voiceLanguage(of: shown)
        var phrases = own.filter { !$0.isEmpty }.map { Phrase(text: $0, language: language) }
        if bodyShown, let quote = shown.quote, quote.state == .accepted, let inner = quote.post?.value, !inner.isHiddenByFilter {
            // The quoted post's words in its own language.
            let words = [plain(inner.spoilerText).display, postBody(inner).display.replacingNewlines] + inner.media.map { plain($0.description ?? "").display }
            phrases += words.filter { !$0.isEmpty }.map { Phrase(text: $0, language: voiceLanguage(of: inner)) }
        }
        return segments(of: display, phrases: phrases, language: language)
    }
}
