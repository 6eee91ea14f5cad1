import LVControls
import SpeechKit
import ParlaPresentation

/// A wheel's items, each presented the first time it is shown or said and kept while it is among the
/// ``kept`` most recently used (a least-recently-used cache: reading through 100 000 posts keeps only
/// the last thousand presented, and the rows on screen stay presented).
final class PresentedItems: WheelItems {
    let count: Int
    private let make: (Int) -> Presented
    /// How many presented items are kept at most.
    static let kept = 1024
    /// Whether made items are kept (not when they come from an array already).
    private let keeps: Bool
    /// The items made, with when each was last used.
    private var made: [Int: (presented: Presented, used: UInt64)] = [:]
    private var uses: UInt64 = 0
    /// The sound each item is said after (a post's cue), if any.
    private let cue: (Int) -> Earcon?
    /// What Right says of an item that holds nothing back but hides its text (behind a content warning).
    private let hidden: (Int) -> WheelItemSpeech?

    init(count: Int, keeps: Bool = true, cue: @escaping (Int) -> Earcon? = { _ in nil }, hidden: @escaping (Int) -> WheelItemSpeech? = { _ in nil },
         _ make: @escaping (Int) -> Presented) {
        self.count = count
        self.keeps = keeps
        self.cue = cue
        self.hidden = hidden
        self.make = make
    }

    convenience init(_ presented: [Presented]) {
        self.init(count: presented.count, keeps: false) { presented[$0] }
    }

    /// The item at `index` (0 ..< count), presented now if it is not kept.
    func presented(at index: Int) -> Presented {
        guard keeps else { return make(index) }
        uses += 1
        if let done = made[index] {
            made[index]?.used = uses
            return done.presented
        }
        if made.count >= Self.kept { forgetLeastRecentlyUsed() }
        let done = make(index)
        made[index] = (done, uses)
        return done
    }

    /// Forgets the least recently used half of the kept items (one sort per ``kept`` / 2 items made).
    private func forgetLeastRecentlyUsed() {
        let cut = made.values.map(\.used).sorted()[made.count / 2]
        made = made.filter { $0.value.used >= cut }
    }

    func item(at index: Int) -> String { presented(at: index).line }

    /// Each item is said in its own words and language (a Spanish post with the Spanish voice).
    func speech(at index: Int) -> WheelItemSpeech? {
        let item = presented(at: index)
        var speech = item.speech
        speech.cue = cue(index)
        return speech
    }

    /// A post written at the time the one before was said to be written at ("2 days ago") is said without it.
    func speech(at index: Int, after previous: Int) -> WheelItemSpeech? {
        let item = presented(at: index)
        guard let time = item.time, presented(at: previous).time == time, let shorter = item.withoutTime(time) else { return speech(at: index) }
        var speech = shorter.speech
        speech.cue = cue(index)
        return speech
    }

    /// The rest of a post whose opening was said, in its voices.
    func more(at index: Int) -> WheelItemSpeech? {
        presented(at: index).moreSpeech ?? hidden(index)
    }

    /// Only the post's own words held back, not how to open a hidden text (a key a switch user has not).
    func holdsBack(at index: Int) -> Bool { presented(at: index).moreSpeech != nil }
}

extension Wheel {
    /// Right reads a post's rest unless Settings asks for whole posts, or the user's screen reader speaks instead of
    /// Parla (`--speech none`, Speakup): then Right moves the focus on, as in other lists, and is not swallowed by
    /// speech nobody hears.
    func readOn(_ app: AppContext) {
        readsOn = !app.settings.wholePosts && app.services.screenReaderNote == nil
    }

    /// Shows presented items (posts, people, places); `index` is where the marker goes.
    func setPresented(_ presented: [Presented], index: Int) {
        setItems(PresentedItems(presented), index: index)
    }

    /// Shows `count` items made on demand by `present` (a timeline of 100 000 posts presents only the
    /// rows shown and the post said); `index` is where the marker goes.
    func setPresented(count: Int, index: Int, cue: @escaping (Int) -> Earcon? = { _ in nil }, hidden: @escaping (Int) -> WheelItemSpeech? = { _ in nil },
                      present: @escaping (Int) -> Presented) {
        setItems(PresentedItems(count: count, cue: cue, hidden: hidden, present), index: index)
    }

    /// The presented item under the marker.
    var currentPresented: Presented? {
        guard let items = items as? PresentedItems, (0..<items.count).contains(index) else { return nil }
        return items.presented(at: index)
    }
}
