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

    /// Words found in what is said that take a voice of their own: an author's words in their post's
    /// language (nil: the interface's, for words that must not be claimed by an author).
    struct Phrase: Sendable, Hashable {
        var text: String
        var language: String?
    }

    /// Words of the interface said inside an author's words ("link to example.com", "hashtag a11y Matters"): in the
    /// interface's voice, but for ``own``, the characters that are the author's words (a hashtag's words), which
    /// stay in the voice of the phrase they are in.
    struct InterfaceWords: Sendable, Hashable {
        var text: String
        /// The characters of ``text`` (offsets) that are the author's words; nil: none.
        var own: Range<Int>?

        init(_ text: String, own: Range<Int>? = nil) {
            self.text = text
            self.own = own
        }
    }

    /// What is said in a post's voices: the author's own words (the content warning, the body with
    /// its full stop, each alt text and each poll option) in the post's language, the quoted post's
    /// words in the quoted post's language, and the interface's words inside the body (links by their
    /// domain, hashtags, remote mentions, emoji names) that stay in the interface's voice.
    /// `language` is the post's voice (``voiceLanguage(of:)``), told once by the caller.
    func voices(of post: Post, language: String?, values: [String: Text], now: Date) -> (phrases: [Phrase], interface: [InterfaceWords]) {
        let shown = post.shown
        let foreign = isForeign(language)
        let quoted = shown.quote?.post?.value
        let quotedLanguage = quoted.flatMap { voiceLanguage(of: $0) }
        guard foreign || isForeign(quotedLanguage) else { return ([], []) }
        var words: [String] = []
        var interface: [InterfaceWords] = []
        var quotedPhrases: [Phrase] = []
        words.append(plain(shown.spoilerText).spoken)
        if values["text"] != nil {
            words.append(Self.sentence(postBody(shown).spoken))
            // A list says the body's opening, and the rest on request: each is the author's words.
            if let rest = values["rest"], let opening = values["opening"] { words += [opening.spoken, rest.spoken] }
            if foreign { interface += interfaceWords(in: shown.content, mentions: shown.mentions, emojis: shown.emojis ?? []) }
            if let card = shown.card { words.append(plain(card.title).spoken) }
            if let quote = shown.quote, quote.state == .accepted, let inner = quote.post?.value, !inner.isHiddenByFilter {
                var bare = inner
                bare.quote = nil
                bare.reblog = nil
                bare.card = nil
                let nested = voices(of: bare, language: quotedLanguage, values: variables(of: bare, now: now), now: now)
                quotedPhrases = nested.phrases
                interface += nested.interface
            }
            words += shown.media.map { plain($0.description ?? "").spoken }
            words += (shown.poll?.options ?? []).map { plain($0.title, emojis: shown.emojis ?? []).spoken }
            // The choices in "You voted for …" are the author's words again: each claims its second place.
            if let poll = shown.poll, poll.voted == true {
                words += poll.ownVotes.filter { poll.options.indices.contains($0) }.map { plain(poll.options[$0].title, emojis: shown.emojis ?? []).spoken }
            }
        }
        if foreign {
            interface += emojiNames(in: ([shown.spoilerText] + shown.media.compactMap(\.description) + (shown.poll?.options ?? []).map(\.title)).joined(separator: " ")).map { InterfaceWords($0) }
        }
        let phrases = words.filter { !$0.isEmpty }.map { Phrase(text: $0, language: language) } + quotedPhrases
        return (phrases, interface)
    }

    /// Whether words in `language` are read with another voice than the interface's (nil: they are not).
    func isForeign(_ language: String?) -> Bool {
        guard let language else { return false }
        return language.prefix(while: { $0 != "-" }).lowercased() != localizer.language.code
    }

    /// `spoken` cut into segments: each phrase in its language, everything else (the interface's
    /// words) in the interface's voice, and the `interface` words in the interface's voice even
    /// inside a phrase ("link to example.com" in an English post read with a Spanish interface), but for
    /// their own part (a hashtag's words: "hashtag" in the interface's voice, "accesibilidad" in the post's).
    ///
    /// One segment in `language` when every phrase is in the interface's language (or has none), so
    /// such posts are read as before; one in the interface's voice when a post in another language
    /// has none of its words in `spoken`. Each phrase claims its first place not already claimed,
    /// longest first (a short poll option cannot take a piece of the body).
    func segments(of spoken: String, phrases: [Phrase], interface: [InterfaceWords] = [], language: String?) -> [Segment] {
        guard phrases.contains(where: { !$0.text.isEmpty && isForeign($0.language) }) else {
            // Nothing of the author's is said (a filter holds it back): all of it is the interface's words.
            return [Segment(spoken, language: isForeign(language) ? nil : language)]
        }
        let characters = Array(spoken)
        var voices: [String?] = [nil]
        var owner = [Int](repeating: 0, count: characters.count)
        for phrase in phrases.sorted(by: { $0.text.count > $1.text.count }) where phrase.language != nil {
            let wanted = Array(phrase.text)
            guard !wanted.isEmpty, wanted.count <= characters.count else { continue }
            let voice = voices.firstIndex(of: phrase.language) ?? { voices.append(phrase.language); return voices.count - 1 }()
            var start = 0
            while start + wanted.count <= characters.count {
                if owner[start] == 0, characters[start..<(start + wanted.count)].elementsEqual(wanted),
                    !owner[start..<(start + wanted.count)].contains(where: { $0 != 0 })
                {
                    for index in start..<(start + wanted.count) { owner[index] = voice }
                    break
                }
                start += 1
            }
        }
        // The interface's words inside an author's phrase go back to the interface's voice.
        for word in Set(interface).sorted(by: { ($0.text.count, $0.text) > ($1.text.count, $1.text) }) {
            let wanted = Array(word.text)
            guard !wanted.isEmpty, wanted.count <= characters.count else { continue }
            var start = 0
            while start + wanted.count <= characters.count {
                if characters[start..<(start + wanted.count)].elementsEqual(wanted) {
                    for index in start..<(start + wanted.count) where word.own?.contains(index - start) != true { owner[index] = 0 }
                    start += wanted.count
                } else {
                    start += 1
                }
            }
        }
        // Spaces between two phrases in one voice stay in that voice (no switch for a space).
        var index = 0
        while index < characters.count {
            if owner[index] == 0, characters[index] == " " {
                var end = index
                while end < characters.count, owner[end] == 0, characters[end] == " " { end += 1 }
                if index > 0, end < characters.count, owner[index - 1] != 0, owner[index - 1] == owner[end] {
                    for inner in index..<end { owner[inner] = owner[end] }
                }
                index = end
            } else {
                index += 1
            }
        }
        var result: [Segment] = []
        for (offset, character) in characters.enumerated() {
            let segmentLanguage = voices[owner[offset]]
            if let last = result.last, last.language == segmentLanguage {
                result[result.count - 1].text.append(character)
            } else {
                result.append(Segment(String(character), language: segmentLanguage))
            }
        }
        return result.isEmpty ? [Segment(spoken, language: language)] : result
    }
}
