import Foundation

extension SpeechText {
    /// Where a post's spoken body is cut for a list (issue 26, item 4): what is said as the marker lands
    /// on it, and the rest, said when asked for (Right on the post, or the reader).
    public struct Opening: Sendable, Hashable {
        /// The first words, whole sentences when they fit.
        public var said: String
        /// What follows, from the first word not said.
        public var rest: String
    }

    /// The words an opening says at most.
    public static let openingWords = 10
    /// A body of no more words than this is said whole: cutting it would save a word or two and cost a key.
    public static let wholeUpTo = 12
    /// A cut leaves at least this many words for later, or the body is said whole.
    static let leastRest = 3

    /// The opening of a spoken body: its sentences while they fit in ``openingWords`` (a first sentence of up
    /// to ``wholeUpTo`` words is not cut for its last word or two); when the first sentence is longer, up to its
    /// last clause mark (`,` `;` `:` `—`) that leaves four words or more before it; else its first
    /// ``openingWords`` words, less short words at the end ("the", "que", "a"). A cut inside a sentence ends
    /// with "…" (in place of the clause mark), so it is not read as a finished sentence. Nil when the body is said whole: it has ``wholeUpTo`` words or fewer, or
    /// the cut would leave fewer than three.
    ///
    /// Words are what is said between spaces with a letter or digit in them ("—" alone is not a word).
    /// An address said as "link to example.com" ends no sentence: its dots are not followed by a space.
    public static func opening(of spoken: String) -> Opening? {
        let tokens = spoken.split(separator: " ", omittingEmptySubsequences: true)
        let isWord = tokens.map { $0.contains { $0.isLetter || $0.isNumber } }
        guard isWord.filter({ $0 }).count > wholeUpTo else { return nil }
        var words = 0
        var sentenceEnd: Int?
        var clauseEnd: Int?
        var wordLimit: Int?
        for (index, token) in tokens.enumerated() {
            if isWord[index] { words += 1 }
            if words > wholeUpTo || (words > openingWords && sentenceEnd != nil) { break }
            if words == openingWords, wordLimit == nil { wordLimit = index }
            let end = token.trimmingCharacters(in: CharacterSet(charactersIn: "\"'”’»)]"))
            guard let last = end.last else { continue }
            if ".!?…".contains(last), words > 0 {
                sentenceEnd = index
            } else if sentenceEnd == nil, words <= openingWords, ",;:—–".contains(last), words >= 4 {
                clauseEnd = index
            }
        }
        var said: [Substring]
        var cut: Int
        if let end = sentenceEnd {
            cut = end
            said = Array(tokens[...cut])
        } else if let end = clauseEnd {
            // "Para quien me lo preguntó ayer… More.": not a comma that runs on into "More".
            cut = end
            said = Array(tokens[...cut])
            let last = said[said.count - 1]
            said[said.count - 1] = Substring((",;:—–".contains(last.last ?? " ") ? String(last.dropLast()) : String(last)) + "…")
        } else if var end = wordLimit {
            // A few short words at the end ("la biblioteca a", "beats most web") go with the rest.
            var backed = 0
            while backed < 3, end > 5, tokens[end].filter({ $0.isLetter || $0.isNumber }).count <= 3 {
                end -= 1
                backed += 1
            }
            cut = end
            said = Array(tokens[...cut])
            said[said.count - 1] = Substring(said[said.count - 1].trimmingCharacters(in: CharacterSet(charactersIn: ",;:—–")) + "…")
        } else {
            return nil
        }
        guard isWord[(cut + 1)...].filter({ $0 }).count >= leastRest else { return nil }
        return Opening(said: said.joined(separator: " "), rest: tokens[(cut + 1)...].joined(separator: " "))
    }
}

extension SpeechText.Output {
    /// What is said without its time at the end ("… More. 2 days ago." becomes "… More."), for a list that has
    /// just said the same time for the post before; nil when what is said does not end with `time`.
    public func withoutTime(_ time: String) -> SpeechText.Output? {
        guard !time.isEmpty, var last = segments.last, let range = last.text.range(of: time, options: [.backwards]) else { return nil }
        let after = last.text[range.upperBound...]
        guard after.allSatisfy({ $0 == "." || $0 == " " }) else { return nil }
        var before = String(last.text[..<range.lowerBound])
        while let end = before.last, end == " " || end == "," { before.removeLast() }
        var result = self
        result.segments.removeLast()
        if before.isEmpty {
            // The time was a segment of its own: the sentence before it ends what is said.
            guard var previous = result.segments.popLast() else { return nil }
            while previous.text.last == " " { previous.text.removeLast() }
            SpeechText.endSentence(&previous.text)
            while previous.text.last == " " { previous.text.removeLast() }
            result.segments.append(previous)
        } else {
            SpeechText.endSentence(&before)
            while before.last == " " { before.removeLast() }
            last.text = before
            result.segments.append(last)
        }
        result.spoken = result.segments.map(\.text).joined()
        result.time = nil
        return result
    }
}
