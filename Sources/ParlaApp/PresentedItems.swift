import LVControls
import SpeechKit
import ParlaPresentation

/// A wheel's items, each presented the first time it is shown or said and kept from then on.
final class PresentedItems: WheelItems {
    let count: Int
    private let make: (Int) -> Presented
    /// How many presented items are kept at most.
    static let kept = 4096
    /// Whether made items are kept (not when they come from an array already).
    private let keeps: Bool
    private var made: [Int: Presented] = [:]
    /// The sound each item is said after (a post's cue), if any.
    private let cue: (Int) -> Earcon?

    init(count: Int, keeps: Bool = true, cue: @escaping (Int) -> Earcon? = { _ in nil }, _ make: @escaping (Int) -> Presented) {
        self.count = count
        self.keeps = keeps
        self.cue = cue
        self.make = make
    }

    convenience init(_ presented: [Presented]) {
        self.init(count: presented.count, keeps: false) { presented[$0] }
    }

    /// The item at `index` (0 ..< count), presented now if it was not yet.
    func presented(at index: Int) -> Presented {
        guard keeps else { return make(index) }
        if let done = made[index] { return done }
        // Bounded: reading through 100 000 posts keeps only the last few thousand presented.
        if made.count >= Self.kept { made.removeAll(keepingCapacity: true) }
        let done = make(index)
        made[index] = done
        return done
    }

    func item(at index: Int) -> String { presented(at: index).line }

    /// Each item is said in its own words and language (a Spanish post with the Spanish voice).
    func speech(at index: Int) -> WheelItemSpeech? {
        let item = presented(at: index)
        var speech = WheelItemSpeech(segments: item.segments.map { Utterance.Segment($0.text, language: $0.language) }, language: item.language)
        speech.cue = cue(index)
        return speech
    }
}

extension Wheel {
    /// Shows presented items (posts, people, places); `index` is where the marker goes.
    func setPresented(_ presented: [Presented], index: Int) {
        setItems(PresentedItems(presented), index: index)
    }

    /// Shows `count` items made on demand by `present` (a timeline of 100 000 posts presents only the
    /// rows shown and the post said); `index` is where the marker goes.
    func setPresented(count: Int, index: Int, cue: @escaping (Int) -> Earcon? = { _ in nil }, present: @escaping (Int) -> Presented) {
        setItems(PresentedItems(count: count, cue: cue, present), index: index)
    }

    /// The presented item under the marker.
    var currentPresented: Presented? {
        guard let items = items as? PresentedItems, (0..<items.count).contains(index) else { return nil }
        return items.presented(at: index)
    }
}
