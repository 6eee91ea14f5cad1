import ParlaBase

/// How the reader says the words of a post that it shows otherwise: an address written out as the timeline says
/// it ("github.com/espeak-ng/espeak-ng": "link to github.com"), an address of the Links list by its host only (the
/// list shows it whole, and the body has said the link), a hashtag as "hashtag" in the interface's voice and the
/// tag's words in the voice of the words around it, and a numeronym ("a11y") as its words in that voice.
///
/// What is shown, reviewed and highlighted stays the word as written; only what is heard changes.
public struct ReaderSayings: Sendable {
    /// A part of how a word is said: the interface's words, or the author's (said in the voice of the word).
    struct Part: Sendable, Hashable {
        var text: String
        /// Whether the words are the author's (a hashtag's words), said in the voice of the word they stand for.
        var own: Bool
    }

    /// Each word as shown (no white space in it) and how it is said.
    var table: [String: [Part]]
    let numeronyms: Numeronyms

    /// Sayings for numeronyms only (a presenter that knows no other way).
    public init(localizer: Localizer) {
        self.init(table: [:], numeronyms: Numeronyms(localizer: localizer))
    }

    init(table: [String: [Part]], numeronyms: Numeronyms) {
        self.table = table
        self.numeronyms = numeronyms
    }

    /// Punctuation that may stand before a word shown with it ("(github.com/…").
    static let opening: Set<Character> = ["(", "[", "\"", "'", "«", "¿", "¡", "“", "‘"]
    /// Punctuation that may follow a word shown with it ("#accesibilidad.", "github.com/…),").
    static let closing: Set<Character> = [".", ",", ";", ":", "!", "?", ")", "]", "\"", "'", "»", "”", "’"]

    /// How `word` (a run of the reader's text as shown) is said, each part in its voice: the interface's words with
    /// no language (the interface's voice), the author's in `voice`, the language of the word's own voice (nil: the
    /// interface's). Nil: as shown. Punctuation around the word is kept around what is said.
    public func said(_ word: String, voice: String?) -> [SpeechText.Segment]? {
        var characters = Substring(word)
        var before = "", after = ""
        var parts = table[word]
        while parts == nil, let first = characters.first, Self.opening.contains(first) {
            before.append(first)
            characters = characters.dropFirst()
            parts = table[String(characters)]
        }
        while parts == nil, let last = characters.last, Self.closing.contains(last) {
            after.insert(last, at: after.startIndex)
            characters = characters.dropLast()
            parts = table[String(characters)]
        }
        guard let parts else {
            let spoken = numeronyms.spoken(word, language: voice)
            return spoken == word ? nil : [SpeechText.Segment(spoken, language: voice)]
        }
        // A word in the interface's own language is said in one voice, as the rest of its text.
        let interfaceVoice = voice.map { $0.prefix { $0 != "-" }.lowercased() == numeronyms.localizer.language.code } == true ? voice : nil
        var segments: [SpeechText.Segment] = []
        for part in parts where !part.text.isEmpty {
            let language = part.own ? voice : interfaceVoice
            let text = part.own ? numeronyms.spoken(part.text, language: voice) : part.text
            if let last = segments.last, last.language == language {
                segments[segments.count - 1].text += text
            } else {
                segments.append(SpeechText.Segment(text, language: language))
            }
        }
        guard !segments.isEmpty else { return nil }
        segments[0].text = before + segments[0].text
        segments[segments.count - 1].text += after
        return segments
    }
}
