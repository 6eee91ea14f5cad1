import SpeechKit

/// Holds engine notices that replace one another ("N new posts in Home") until their stream goes quiet.
///
/// Streaming pushes one event per post, so a burst of 1000 posts in a second would hand the speech
/// queue 1000 notices (the first said at once, the rest coalesced into a second one). Held here, a
/// burst becomes ONE notice, said with the final count once no new one came for ``quiet`` (or
/// ``longest`` after the first, so a never-ending stream is still told).
struct AnnouncementHold {
    /// How long no new notice must come before the held ones are said.
    static let quiet: Duration = .milliseconds(500)
    /// The longest a notice is held.
    static let longest: Duration = .seconds(3)

    private var held: [Utterance] = []
    private var firstAt: Duration?
    private var lastAt: Duration?

    /// Whether an utterance is such a notice: a notification with a coalescing key.
    static func holds(_ utterance: Utterance) -> Bool {
        utterance.priority == .notification && utterance.coalesceKey != nil
    }

    /// Holds `utterance`, replacing the one held with the same key.
    mutating func hold(_ utterance: Utterance, now: Duration) {
        if let index = held.firstIndex(where: { $0.coalesceKey == utterance.coalesceKey }) {
            held[index] = utterance
        } else {
            held.append(utterance)
        }
        if firstAt == nil { firstAt = now }
        lastAt = now
    }

    /// When the held notices are due; nil when none are held.
    var deadline: Duration? {
        guard let firstAt, let lastAt, !held.isEmpty else { return nil }
        return min(lastAt + Self.quiet, firstAt + Self.longest)
    }

    /// The held notices, oldest first, once due (and forgets them); empty before.
    mutating func takeDue(now: Duration) -> [Utterance] {
        guard let deadline, now >= deadline else { return [] }
        defer {
            held = []
            firstAt = nil
            lastAt = nil
        }
        return held
    }
}
