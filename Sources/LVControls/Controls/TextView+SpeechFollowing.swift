import SpeechKit

/// "Read to the end" with the highlight going along: the text from the review word to the end is said
/// as one utterance, and as each word of it is heard the highlight, the hardware cursor and review move
/// to it (the view scrolls to keep it in sight). When the reading ends or is cut, review stays on the
/// last word heard, so Right goes on with the word after it.
extension TextView: SpeechFollowing {
    /// A reading to the end being said.
    struct Reading {
        /// The first character read (the review word's, or the text's first).
        let start: Int
        /// The utterance's text, as speech reports the words heard in it.
        let said: String
        /// Whether one of its words was heard yet (until then, words of other utterances are of speech
        /// said before it, not of speech that cut it).
        var heard = false
    }

    /// Says the text from the review word (the first when review has not begun) to the end, and follows it.
    func readToTheEnd() -> ControlResponse {
        let start = review.index.map { text.words[$0].lowerBound } ?? 0
        let utterance = text.utterance(start..<text.characters.count)
        reading = Reading(start: start, said: utterance.text)
        return ControlResponse([.say(utterance)])
    }

    public var isFollowingSpeech: Bool { reading != nil }

    public func followSpeech(_ word: SpeechQueue.SpokenWord?) -> Bool {
        guard var reading, let word, !text.words.isEmpty else { return false }
        guard word.utterance == reading.said else {
            // Another utterance is heard after this one: it was cut or it ended.
            if reading.heard { self.reading = nil }
            return false
        }
        reading.heard = true
        self.reading = reading
        let index = wordIndex(heardAt: word.offset, in: reading)
        guard review.index != index || highlight != text.words[index] else { return false }
        review.set(index)
        show(text.words[index])
        return true
    }

    public func stopFollowingSpeech() {
        reading = nil
    }

    /// The text's word heard at `offset` (in characters) of the reading's utterance.
    ///
    /// The utterance is the text from the reading's start with its white space made single spaces (its
    /// segments, one per language, joined in order), so the utterance's n-th run of characters without
    /// white space is the text's n-th from the start (a run said in several words counts for as many); a
    /// separator standing alone ("·") counts as the word before it.
    func wordIndex(heardAt offset: Int, in reading: Reading) -> Int {
        let said = Array(reading.said)
        var position = min(max(offset, 0), max(said.count - 1, 0))
        while position < said.count - 1, said[position].isWhitespace { position += 1 }
        var run = -1
        for index in 0..<min(position + 1, said.count) where !said[index].isWhitespace && (index == 0 || said[index - 1].isWhitespace) {
            run += 1
        }
        let runs = text.runs
        guard !runs.isEmpty else { return 0 }
        // A run said in several words ("e11y": "eventual consistency") holds as many runs of the utterance.
        var shown = runs.firstIndex { $0.lowerBound >= reading.start } ?? 0
        var left = max(run, 0)
        while shown < runs.count - 1, left >= text.saidRuns(shown) {
            left -= text.saidRuns(shown)
            shown += 1
        }
        let heard = runs[shown]
        return text.words.lastIndex { $0.lowerBound <= heard.lowerBound } ?? 0
    }
}
