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
    /// How far an opening may run to end at a sentence or a clause, when none ends within ``openingWords``.
    static let reachForAnEnd = 16
    /// A cut leaves at least this many words for later, or the body is said whole.
    static let leastRest = 5

    /// The opening of a spoken body, cut where a sentence or a clause ends: the latest such end within
    /// ``openingWords`` (a full stop, or `,` `;` `:` `—` with four words or more before it; a first sentence of up
    /// to ``wholeUpTo`` words is not cut for its last word or two); when none ends there, the first that ends
    /// within ``reachForAnEnd``; else the first ``openingWords`` words, less short words at the end ("the", "que")
    /// and a quotation opened and not closed. A cut inside a sentence ends with "…" (in place of the clause mark),
    /// so it is not read as a finished sentence. Never inside one of `phrases` (the interface's words said in the
    /// body: "link to example.com", "hashtag Parla Tips", an emoji's name), which keep their voice whole.
    ///
    /// Nil when the body is said whole: it has ``wholeUpTo`` words or fewer, or the cut would leave fewer than
    /// ``leastRest``. Words are what is said between spaces with a letter or digit in them ("—" alone is not a
    /// word). An address said as "link to example.com" ends no sentence: its dots are not followed by a space.
    ///
    /// `phrases` are asked for only of a body long enough to cut.
    public static func opening(of spoken: String, keepingWhole phrases: @autoclosure () -> [String] = []) -> Opening? {
        let tokens = spoken.split(separator: " ", omittingEmptySubsequences: true)
        let isWord = tokens.map { $0.contains { $0.isLetter || $0.isNumber } }
        guard isWord.filter({ $0 }).count > wholeUpTo else { return nil }
        // Where each of the phrases is said: no cut falls strictly inside one.
        var kept: [Range<String.Index>] = []
        for phrase in Set(phrases()) where !phrase.isEmpty {
            var from = spoken.startIndex
            while let found = spoken.range(of: phrase, range: from..<spoken.endIndex) {
                kept.append(found)
                from = found.upperBound
            }
        }
        func cuttable(after index: Int) -> Bool {
            let boundary = tokens[index].endIndex
            return !kept.contains { $0.lowerBound < boundary && boundary < $0.upperBound }
        }
        var words = 0
        var sentenceEnd: Int?
        var clauseEnd: Int?
        var reached: (index: Int, sentence: Bool)?
        var wordLimit: Int?
        for (index, token) in tokens.enumerated() {
            if isWord[index] { words += 1 }
            if words > reachForAnEnd { break }
            let end = token.trimmingCharacters(in: CharacterSet(charactersIn: "\"'”’»)]"))
            let last = end.last
            let endsSentence = last.map { ".!?…".contains($0) } ?? false
            let endsClause = last.map { ",;:—–".contains($0) } ?? false
            guard cuttable(after: index) else { continue }
            if words <= openingWords, isWord[index] { wordLimit = index }
            if endsSentence, words > 0, words <= openingWords || (words <= wholeUpTo && sentenceEnd == nil) {
                sentenceEnd = index
            } else if endsClause, words >= 4, words <= openingWords {
                clauseEnd = index
            } else if (endsSentence || (endsClause && words >= 4)), words > openingWords, sentenceEnd == nil, clauseEnd == nil, reached == nil {
                reached = (index, endsSentence)
            }
        }
        var said: [Substring]
        let cut: Int
        // The latest end within the opening; a sentence's when it is the later of the two.
        if let end = [sentenceEnd, clauseEnd].compactMap({ $0 }).max() {
            cut = end
            said = Array(tokens[...cut])
            if end != sentenceEnd { said[said.count - 1] = Self.trailing(said[said.count - 1]) }
        } else if let reached {
            cut = reached.index
            said = Array(tokens[...cut])
            if !reached.sentence { said[said.count - 1] = Self.trailing(said[said.count - 1]) }
        } else if var end = wordLimit {
            // A few short words at the end ("la biblioteca a", "beats most web") go with the rest.
            var backed = 0
            while backed < 3, end > 5, tokens[end].filter({ $0.isLetter || $0.isNumber }).count <= 3, cuttable(after: end - 1) {
                end -= 1
                backed += 1
            }
            // A quotation opened in the opening and not closed there goes with the rest whole.
            if let open = tokens[...end].lastIndex(where: { $0.contains { "«“(\"[".contains($0) } }), open > 3,
               !tokens[open...end].contains(where: { $0.contains { "»”)]".contains($0) } }), cuttable(after: open - 1) {
                end = open - 1
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

    /// A clause's last word with "…" in place of its mark ("ayer:" becomes "ayer…").
    static func trailing(_ word: Substring) -> Substring {
        Substring((",;:—–".contains(word.last ?? " ") ? String(word.dropLast()) : String(word)) + "…")
    }
}

extension SpeechText.Output {
    /// What is said without its time at the end ("… More. 2 days ago." becomes "… More."), for a list that has
    /// just said the same time for the post before; nil when what is said does not end with `time`.
    public func withoutTime(_ time: String) -> SpeechText.Output? {
        guard var last = segments.last, let range = Self.timeAtEnd(time, of: last.text) else { return nil }
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

    /// Whether what is said ends with `time` (then a full stop at most): whether ``withoutTime(_:)`` can leave it out.
    func endsWith(time: String) -> Bool {
        segments.last.map { Self.timeAtEnd(time, of: $0.text) != nil } ?? false
    }

    /// Where `time` is in `text` when only full stops and spaces follow it.
    private static func timeAtEnd(_ time: String, of text: String) -> Range<String.Index>? {
        guard !time.isEmpty, let range = text.range(of: time, options: [.backwards]),
              text[range.upperBound...].allSatisfy({ $0 == "." || $0 == " " }) else { return nil }
        return range
    }
}
