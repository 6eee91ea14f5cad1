import BrailleKit
import ParlaBase

extension Toggle {
    /// "[x] Boost" or "[ ] Boost", then its value: the box is the state.
    public func brailleLine(context: ControlContext) -> BrailleLine? {
        let parts = ["[\(isOn ? "x" : " ")]", TextSafety.stripped(title), value.map(TextSafety.stripped) ?? ""].filter { !$0.isEmpty }
        return BrailleLine(parts.joined(separator: " "))
    }
}
