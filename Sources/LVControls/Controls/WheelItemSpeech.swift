/// How a wheel's item says itself: its own sentence and the language of the voice to read it with.
public struct WheelItemSpeech: Sendable, Hashable {
    public var text: String
    /// The language code of the voice (nil: the interface's).
    public var language: String?

    public init(_ text: String, language: String? = nil) {
        self.text = text
        self.language = language
    }
}

extension WheelItems {
    /// Plain items are said as their line.
    public func speech(at index: Int) -> WheelItemSpeech? { nil }
}
