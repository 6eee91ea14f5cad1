import BrailleKit
import LVControls

extension ComposeField {
    /// The focused completion or suggestion while the list is open; otherwise the text field's line.
    func brailleLine(context: ControlContext) -> BrailleLine? {
        if let chosen, choices.indices.contains(chosen) { return BrailleLine(choices[chosen].label) }
        return field.brailleLine(context: context)
    }

    /// The caret moves where the routing key points (the list, if open, stays).
    func route(toCharacter offset: Int, context: ControlContext) -> ControlResponse? {
        field.route(toCharacter: offset, context: context)
    }
}
