import LVControls

extension Button {
    /// A button of Parla's screens: pressing it plays the activate earcon only. What it leads to speaks for
    /// itself (the next screen's entry, the server's answer), so "New post done" is never said before it.
    static func quiet() -> Button {
        let button = Button("")
        button.quietPress = true
        return button
    }
}
