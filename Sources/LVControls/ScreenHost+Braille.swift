import BrailleKit

extension ScreenHost {
    /// The braille focus line: the focused control in the words said for it (its own line when it has
    /// one, else its description in short braille forms); a message over the body (help) is not the focus.
    public var brailleLine: BrailleLine {
        let control = focused
        let context = self.context
        return control.brailleLine(context: context) ?? BrailleLine(control.accessibility(context: context).braille(localizer: localizer))
    }

    /// A cursor-routing key over character `offset` of ``brailleLine``: the focused control moves there
    /// (a text field's caret, the reader's review) or is activated as Enter activates it (a button, a list item).
    public func route(toCharacter offset: Int) {
        status = nil
        if let response = focused.route(toCharacter: offset, context: context) {
            process(response)
        } else {
            process(.enter)
        }
    }
}
