import LVControls
import ParlaBase
import SpeechKit
import TerminalKit
import Testing

@Suite struct LabelTests {
    @Test func readsWordByWordSpellsAndReadsFromTheStart() {
        let h = Harness([Label(name: "Note", text: "Hola mundo bonito")])
        h.press(.right, .right, .char("s"), .right, .right, .left, .home)
        #expect(h.transcript == [
            "Hola", "mundo", "m u n d o", "bonito", "<edge> bonito", "mundo", "Hola mundo bonito",
        ])
        #expect(h.lines[2] == " > Note: Hola mundo bonito")
        #expect(h.cursor == Point(x: 3, y: 2))
    }

    @Test func spellingSaysPunctuationAndCapitalsByName() {
        let h = Harness([Label(text: "¡Hola, Ana!")])
        h.press(.right, .char("s"))
        #expect(h.transcript == ["¡Hola,", "inverted exclamation mark capital H o l a comma"])
    }

    @Test func longTextWrapsInsideItsArea() {
        let h = Harness([Label(name: "Bio", text: "A long biography that will not fit on one row of forty")])
        #expect(Array(h.lines[2...4]) == [
            " > Bio: A long biography that will not",
            "        fit on one row of forty",
            "",
        ])
    }
}

@Suite struct ButtonTests {
    @Test func plainButtonActivatesWithEarcon() {
        let h = Harness([Button("Send")])
        h.press(.enter, .space)
        #expect(h.transcript == ["<activate> Send done", "<activate> Send done"])
        #expect(h.screen.events == [.activated, .activated])
    }

    @Test func twoStepButtonNeedsASecondPressAndLeavingDisarms() {
        let h = Harness([Button("Delete", kind: .twoStep), Button("Other")])
        h.press(.enter)
        #expect(h.lines[2] == " > [Delete] (Enter again to confirm)")
        h.press(.tab, .backTab, .enter)
        #expect(h.screen.events == [])
        h.press(.enter)
        #expect(h.screen.events == [.activated])
        #expect(h.transcript == [
            "Press Enter again to confirm Delete",
            // A two-step button's hint was heard as the screen opened; a plain button's is another kind.
            "<focus> Other, button, Press Enter to activate.",
            "<focus> Delete, button",
            "Press Enter again to confirm Delete",
            "<activate> Delete done",
        ])
    }

    @Test func toggleSaysOnAndOffAndShowsItWithoutColour() {
        let h = Harness([Toggle("Sound")])
        h.press(.enter)
        #expect(h.lines[2] == " > [x] Sound on")
        h.press(.space)
        #expect(h.lines[2] == " > [ ] Sound off")
        #expect(h.transcript == ["<toggle-on> on", "<toggle-off> off"])
        #expect(h.screen.events == [.toggled(true), .toggled(false)])
    }
}

@Suite struct SegmentedTests {
    @Test func stepsKeepsAndRestores() {
        let h = Harness([Segmented("Colour", options: ["Red", "Green", "Blue"])])
        h.press(.left, .right, .right, .right)
        #expect(h.lines[2] == " > Colour: Red Green [Blue]")
        h.press(.escape)
        #expect(h.lines[2] == " > Colour: [Red] Green Blue")
        h.press(.right, .enter, .left, .escape)
        #expect(h.transcript == [
            "<edge> Red", "Green, 2 of 3", "Blue, 3 of 3", "<edge> Blue", "<cancel> back to Red",
            "Green, 2 of 3", "<activate> Green chosen", "Red, 1 of 3", "<cancel> back to Green",
        ])
        #expect(h.screen.events == [.selected(1)])
        h.press(.escape)
        #expect(h.host.isFinished)
    }

    @Test func leavingKeepsWhatIsShown() {
        let segmented = Segmented("Day", options: ["Mon", "Tue"])
        let h = Harness([segmented, Button("OK")])
        h.press(.right, .tab)
        #expect(h.screen.events == [.selected(1)])
        #expect(segmented.kept == 1)
    }
}
