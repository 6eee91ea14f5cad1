/// The order focus moves in: Tab goes forward, Shift+Tab back, wrapping at the ends.
public struct FocusRing: Sendable, Equatable {
    /// How many items take focus.
    public private(set) var count: Int
    /// The focused item.
    public private(set) var index: Int

    public init(count: Int, index: Int = 0) {
        self.count = max(0, count)
        self.index = count == 0 ? 0 : min(max(0, index), count - 1)
    }

    /// Moves one step forward (`step` 1) or back (-1); returns whether it wrapped round an end.
    @discardableResult
    public mutating func move(by step: Int) -> Bool {
        guard count > 0 else { return false }
        let target = index + step
        index = ((target % count) + count) % count
        return target < 0 || target >= count
    }

    /// Focuses item `newIndex` (kept inside the ring).
    public mutating func focus(_ newIndex: Int) {
        guard count > 0 else { return }
        index = min(max(0, newIndex), count - 1)
    }

    /// Changes the number of items, keeping the focus inside.
    public mutating func resize(to newCount: Int) {
        count = max(0, newCount)
        index = count == 0 ? 0 : min(index, count - 1)
    }
}
