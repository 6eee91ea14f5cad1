import LVControls
import TerminalKit
import Testing

/// A label may show a short form and say it in words ("5 min ago" shown, "5 minutes ago" said).
@Suite struct LabelSpokenTextTests {
    @Test func shownShortSaidInWords() {
        let label = Label(name: "Time", text: "5 h ago")
        label.spokenText = "5 hours ago"
        let h = Harness([label])
        h.press(.right, .right, .home)
        #expect(h.transcript == ["5", "hours", "5 hours ago"])
        #expect(h.lines[2] == " > Time: 5 h ago")
    }

    /// A label without a name is its text: "label" is not said before it, a named one keeps its role.
    @Test func aLabelWithoutANameSaysOnlyItsText() {
        let h = Harness([Button("First"), Label(name: "", text: "You are in Home · 3 of 40."), Label(name: "Handle", text: "@me")])
        h.press(.tab, .tab)
        #expect(h.transcript == ["<focus> You are in Home · 3 of 40, Right and Left read word by word.",
                                 "<focus> Handle, label, @me"])
    }
}
