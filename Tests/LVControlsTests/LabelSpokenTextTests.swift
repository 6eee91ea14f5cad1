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

/// Where words said stand in a label's text, for a timeline to show the rest of a post it says (Right at 40×12).
@Suite struct LabelShownFromTests {
    @Test func saidWordsAreFoundAsShownAndTheTextIsDrawnFromTheirRow() {
        let label = Label(text: "Good morning. The heron is back at the river today, and the light is lovely.\n\n[Quoting Ana García: the river is high today, and the herons are fishing]")
        #expect(label.offset(ofSaid: "The heron is back at the river today") == 14)
        // Shown in brackets, said without them.
        #expect(label.offset(ofSaid: "Quoting Ana García: the river is high today.") == 78)
        // An address said as words is not shown as said: nothing to scroll to.
        #expect(label.offset(ofSaid: "link to example.com") == nil)
        label.shownFrom = 78
        let h = Harness([Button("First"), label])
        #expect(Array(h.lines[4...6]) == ["   [Quoting Ana García: the river is", "   high today, and the herons are", "   fishing]"], "\(h.lines)")
        #expect(!h.lines.contains { $0.contains("Good morning") }, "\(h.lines)")
        // A new text is drawn from its top.
        label.text = "Good evening. The heron has gone."
        h.host.render()
        #expect(h.lines.contains { $0.contains("Good evening") }, "\(h.lines)")
    }
}
