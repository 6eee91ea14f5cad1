import Foundation
import ParlaBase

/// What prediction learnt from the user's own writing, on this computer only: the words they use and the
/// words they put after each word, with how often and when they last did.
///
/// A use counts less as it ages (its weight halves every ``halfLife``), so the words of this month come
/// before the words of last year. Kept in the account's folder (``PredictionStore``), never sent anywhere.
public struct PredictionMemory: Codable, Sendable, Equatable {
    /// How often and how recently a word (or a pair) was used.
    public struct Use: Codable, Sendable, Equatable {
        /// The word as the user last wrote it ("Parla", "I'm").
        public var form: String
        public var count: Int
        public var last: Date

        /// Its weight at `now`: the count, halved for every ``PredictionMemory/halfLife`` since the last use.
        func weight(at now: Date) -> Double {
            let age = max(0, now.timeIntervalSince(last))
            return Double(count) * pow(0.5, age / PredictionMemory.halfLife)
        }
    }

    /// Thirty days.
    public static let halfLife: TimeInterval = 30 * 24 * 3600
    /// Words kept at most; the lightest go first.
    public static let maxWords = 20_000
    /// The key of the pairs that start a sentence (the first word after nothing).
    static let start = ""

    /// By folded word.
    public private(set) var words: [String: Use] = [:]
    /// By the folded previous word (``start`` at a sentence's start), then by the folded next word.
    public private(set) var pairs: [String: [String: Use]] = [:]
    /// The posts already learnt from (the cache is read again at every compose), newest kept.
    public private(set) var learntPosts: [String] = []
    /// When the user last asked to forget: posts written before it are not learnt again from the cache.
    public private(set) var forgottenAt: Date?
    /// Short sentences the user wrote (two to eight words, as written), with how often: the ones written
    /// often are offered as phrases (``PhraseBank/offered(from:)``).
    public private(set) var sentences: [String: Int] = [:]

    public init() {}

    public var isEmpty: Bool { words.isEmpty }

    /// Learns the words of `text`, written at `date`; `postId` (a post in the cache) is learnt once.
    public mutating func learn(_ text: String, at date: Date, postId: String? = nil) {
        if let forgottenAt, date < forgottenAt { return }
        if let postId {
            guard !learntPosts.contains(postId) else { return }
            learntPosts.append(postId)
            if learntPosts.count > 2_000 { learntPosts.removeFirst(learntPosts.count - 2_000) }
        }
        var previous: String? = Self.start
        for token in WordMatching.tokens(of: text) {
            switch token {
            case .sentenceEnd: previous = Self.start
            // The mentions that open a reply leave the sentence's start where it was.
            case .gap: if previous != Self.start { previous = nil }
            case .word(let word):
                let key = WordMatching.folded(word)
                // A sentence's capital says nothing of the word: "Thanks" at a start is learnt as "thanks",
                // unless the user also writes it with a capital elsewhere (a name).
                let form = previous == Self.start && words[key].map({ $0.form.first?.isUppercase != true }) ?? true ? word.lowercased() : word
                Self.use(&words[key], form: form, at: date)
                if let previous { Self.use(&pairs[previous, default: [:]][key], form: form, at: date) }
                previous = key
            }
        }
        for sentence in Self.sentences(of: text) { sentences[sentence, default: 0] += 1 }
        if words.count > Self.maxWords { trim(at: date) }
        if sentences.count > Self.maxWords { sentences = sentences.filter { $0.value > 1 } }
    }

    /// The short sentences of a text, as written, with their closing mark ("Thank you!", "Good morning, everyone.").
    static func sentences(of text: String) -> [String] {
        var result: [String] = []
        var current = ""
        func close() {
            let sentence = current.trimmingCharacters(in: .whitespacesAndNewlines)
            current = ""
            let words = sentence.split(whereSeparator: \.isWhitespace)
            guard (2...8).contains(words.count), !words.contains(where: { SpellingCheck.skipped(String($0)) }) else { return }
            result.append(sentence)
        }
        for character in text {
            current.append(character)
            if ".!?…".contains(character) { close() }
            if character.isNewline { close() }
        }
        close()
        return result
    }

    /// Forgets everything learnt; what was written before now is not learnt again.
    public mutating func forget(at now: Date) {
        self = PredictionMemory()
        forgottenAt = now
    }

    /// The learnt words beginning with `prefix` (case and accents aside), the heaviest first.
    func completions(of prefix: String, at now: Date) -> [String] {
        let key = WordMatching.folded(prefix)
        return Self.ranked(words.filter { $0.key.hasPrefix(key) }, at: now)
    }

    /// The words the user put after `previous` (``start`` for a sentence's first word), the heaviest first.
    func next(after previous: String, at now: Date) -> [String] {
        Self.ranked(pairs[WordMatching.folded(previous)] ?? [:], at: now)
    }

    private static func ranked(_ uses: [String: Use], at now: Date) -> [String] {
        uses.values.map { ($0.form, $0.weight(at: now)) }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.map(\.0)
    }

    private static func use(_ entry: inout Use?, form: String, at date: Date) {
        if var use = entry {
            use.count += 1
            if date >= use.last {
                use.last = date
                use.form = form
            }
            entry = use
        } else {
            entry = Use(form: form, count: 1, last: date)
        }
    }

    /// Keeps the heaviest ``maxWords`` words, and the pairs between them.
    private mutating func trim(at now: Date) {
        let kept = Set(words.sorted { $0.value.weight(at: now) > $1.value.weight(at: now) }.prefix(Self.maxWords).map(\.key))
        words = words.filter { kept.contains($0.key) }
        pairs = pairs.filter { $0.key == Self.start || kept.contains($0.key) }.mapValues { $0.filter { kept.contains($0.key) } }
    }
}
