import BrailleKit
import LVControls
import TerminalKit
import Testing

/// The braille focus line the host makes for each kind of control (issue 28, item 1): the words said, in
/// short braille forms, with no marker or border; a routing key moves the caret, or activates.
@Suite struct BrailleFocusLineTests {
    @Test func aToggleShowsItsBoxAButtonItsShortRoleAndAFieldItsTextWithTheCursorAtTheCaret() {
        let field = TextField("Note", text: "Hola amigos")
        let h = Harness([Toggle("Sound", isOn: true), Toggle("Scanning"), Button("Send"), field])
        var lines = [h.host.brailleLine]
        for _ in 1...3 {
            h.press(.tab)
            lines.append(h.host.brailleLine)
        }
        h.press(.home, .right)
        lines.append(h.host.brailleLine)
        #expect(lines == [
            BrailleLine("[x] Sound"), BrailleLine("[ ] Scanning"), BrailleLine("Send btn"),
            BrailleLine("Note: Hola amigos", cursor: 17), BrailleLine("Note: Hola amigos", cursor: 7),
        ])
    }

    @Test func aRoutingKeyMovesTheCaretInAFieldAndActivatesAButton() {
        let field = TextField("Note", text: "Hola amigos")
        let send = Button("Send")
        let h = Harness([field, send])
        h.host.route(toCharacter: 11)
        #expect(field.cursor == 5)
        #expect(h.host.brailleLine.cursor == 11)
        h.press(.tab)
        h.speech.clear()
        h.host.route(toCharacter: 0)
        #expect(h.screen.events.last == .activated)
    }
}
