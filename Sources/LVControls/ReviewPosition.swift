/// Where review stands in a row of units (words, sentences, lines), and the one rule for stepping
/// through them that every reviewing control shares.
///
/// Before the first step nothing is under review: the first step forwards reaches the first unit,
/// the first step backwards the last. A step past either end stays on the end unit and reports the
/// edge, so the unit is said again after the edge sound.
public struct ReviewPosition: Sendable, Equatable {
    /// The unit under review; nil before the first step.
    public private(set) var index: Int?

    public init(index: Int? = nil) {
        self.index = index
    }

    /// Moves `step` units (negative: backwards) through `count` units.
    ///
    /// - Returns: the unit reached and whether an end stopped the move; nil when there are no units.
    public mutating func move(by step: Int, count: Int) -> (index: Int, atEdge: Bool)? {
        guard count > 0 else { return nil }
        let target = (index.map { min($0, count - 1) } ?? (step > 0 ? -1 : count)) + step
        let reached = min(max(target, 0), count - 1)
        index = reached
        return (reached, reached != target)
    }

    /// Puts review on `unit`, or on nothing.
    public mutating func set(_ unit: Int?) {
        index = unit
    }
}
