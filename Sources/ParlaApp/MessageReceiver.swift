import LVControls

/// A screen that takes the results of the engine calls it started as messages (``AppContext/call(_:for:as:)``):
/// one function applies each result, once, and says what the screen makes of it.
protocol MessageReceiver: AnyObject {
    /// What can come back to the screen.
    associatedtype Message
    /// Applies a result; returns what to say and where to go.
    func receive(_ message: Message) -> ScreenResponse
}
