/// The items of a ``Wheel`` (its data source), read one at a time so a wheel of any length costs only what it shows.
public protocol WheelItems {
    /// How many items there are.
    var count: Int { get }
    /// The item at `index` (0 ..< count), as its line shows it.
    func item(at index: Int) -> String
    /// The item at `index` in its own words and language (a post read with its language's voice);
    /// nil: the wheel says the line and the position.
    func speech(at index: Int) -> WheelItemSpeech?
    /// What saying the item at `index` held back (the rest of a post a list said the opening of), said
    /// with Right in a wheel that ``Wheel/readsOn``; nil: it was said whole.
    func more(at index: Int) -> WheelItemSpeech?
    /// Whether saying the item at `index` held words of it back (``more(at:)`` can also say only how to open a
    /// hidden text): one-switch scanning says them as a step of its own.
    func holdsBack(at index: Int) -> Bool
    /// The item at `index` as said right after the item at `previous`: what both would end with alike (a post's
    /// "2 days ago") is said once, for the first; nil: the wheel says the line and the position.
    func speech(at index: Int, after previous: Int) -> WheelItemSpeech?
}

/// Wheel items held in an array.
public struct ArrayWheelItems: WheelItems, Sendable {
    public let items: [String]
    public init(_ items: [String]) { self.items = items }
    public var count: Int { items.count }
    public func item(at index: Int) -> String { items[index] }
}
