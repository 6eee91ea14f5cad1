import Foundation
import MicroblogKit

extension SpeechText {
    /// A part of what is said, read with one voice.
    public struct Segment: Sendable, Hashable {
        /// The words; segments joined as they are make the whole spoken text.
        public var text: String
        /// BCP 47 language of the voice; nil: the interface's.
        public var language: String?

        public init(_ text: String, language: String? = nil) {
            self.text = text
            self.language = language
        }
    }

    /// What the user wrote in a post, as it is said: the content warning, the body (with its full
    /// stop), each alt text and each poll option; the words around them are the interface's.
    func ownWords(of post: Post, values: [String: Text]) -> [String] {
        let shown = post.shown
        var words: [String] = []
        if let text = values["text"]?.spoken { words.append(text) }
        words.append(plain(shown.spoilerText).spoken)
        words += shown.media.map { plain($0.description ?? "").spoken }
        words += (shown.poll?.options ?? []).map { plain($0.title, emojis: shown.emojis ?? []).spoken }
        return words.filter { !$0.isEmpty }
    }

    /// `spoken` cut into segments: the `phrases` (the author's own words) in `language`, everything
    /// else (the interface's words) in the interface's voice.
    ///
    /// One segment in `language` when the post is in the interface's language (or has none), so
    /// such posts are read as before. Each phrase claims its first place not already claimed,
    /// longest first (a short poll option cannot take a piece of the body).
    func segments(of spoken: String, phrases: [String], language: String?) -> [Segment] {
        guard let language, language.prefix(while: { $0 != "-" }).lowercased() != localizer.language.code else {
            return [Segment(spoken, language: language)]
        }
        let characters = Array(spoken)
        var own = [Bool](repeating: false, count: characters.count)
        for phrase in phrases.sorted(by: { $0.count > $1.count }) {
            let wanted = Array(phrase)
            guard !wanted.isEmpty, wanted.count <= characters.count else { continue }
            var start = 0
            while start + wanted.count <= characters.count {
                if !own[start], characters[start..<(start + wanted.count)].elementsEqual(wanted),
                    !own[start..<(start + wanted.count)].contains(true)
                {
                    for index in start..<(start + wanted.count) { own[index] = true }
                    break
                }
                start += 1
            }
        }
        // Spaces between two of the author's phrases stay in the author's voice (no switch for a space).
        var index = 0
        while index < characters.count {
            if !own[index], characters[index] == " " {
                var end = index
                while end < characters.count, !own[end], characters[end] == " " { end += 1 }
                if index > 0, end < characters.count, own[index - 1], own[end] {
                    for inner in index..<end { own[inner] = true }
                }
                index = end
            } else {
                index += 1
            }
        }
        var result: [Segment] = []
        for (offset, character) in characters.enumerated() {
            let segmentLanguage = own[offset] ? language : nil
            if let last = result.last, last.language == segmentLanguage {
                result[result.count - 1].text.append(character)
            } else {
                result.append(Segment(String(character), language: segmentLanguage))
            }
        }
        return result.isEmpty ? [Segment(spoken, language: language)] : result
    }
}
