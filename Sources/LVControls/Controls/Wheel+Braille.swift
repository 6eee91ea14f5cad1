import BrailleKit
import ParlaBase

extension Wheel {
    /// The item under the marker in the words it is said in (a post: its author first), or a plain item's
    /// line and the list's short braille form.
    public func brailleLine(context: ControlContext) -> BrailleLine? {
        guard items.count > 0 else { return nil }
        if let speech = items.speech(at: index) { return BrailleLine(TextSafety.stripped(speech.text)) }
        let role = context.string(ControlRole.wheel.brailleKey)
        return BrailleLine(TextSafety.stripped(items.item(at: index)) + " " + role)
    }
}
