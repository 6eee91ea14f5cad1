import LVControls
import ParlaBase
import SpeechKit
import TerminalKit
import Testing

@Suite struct TextFieldTests {
    @Test func typingEchoesCharactersAndTheCursorFollows() {
        let field = TextField("Name")
        let h = Harness([field])
        h.type("Al y")
        #expect(field.text == "Al y")
        #expect(h.lines[2] == " > Name: Al y")
        #expect(h.cursor == Point(x: 13, y: 2))
        #expect(h.transcript == ["capital A", "l", "space", "y"])
    }

    /// Issue 26 item 28: a family emoji typed scalar by scalar (as a terminal sends it) is one character of
    /// the field, drawn in the columns measured, and one Backspace takes it away.
    @Test func aJoinedEmojiTypedScalarByScalarIsOneCharacterAndOneBackspace() {
        let field = TextField("Post")
        let h = Harness([field], settings: ControlSettings(echo: .none))
        for scalar in "A👨‍👩‍👧‍👦 C".unicodeScalars { h.host.handle(.char(Character(scalar))) }
        #expect(field.text == "A👨‍👩‍👧‍👦 C")
        #expect(h.lines[2] == " > Post: A👨👩👧👦 C")
        #expect(h.cursor == Point(x: 20, y: 2))
        h.press(.left, .left, .backspace)
        #expect(field.text == "A C")
        #expect(h.lines[2] == " > Post: A C")
    }

    @Test func wordEchoSaysEachFinishedWord() {
        let h = Harness([TextField("Post")], settings: ControlSettings(echo: .words))
        h.type("hola que tal, ")
        #expect(h.transcript == ["hola", "que", "tal"])
    }

    @Test func cursorMovesByCharacterAndWordAndEditsInPlace() {
        let field = TextField("Post", text: "hola que tal")
        let h = Harness([field], settings: ControlSettings(echo: .none))
        h.press(.home, .right, Key(.right, .ctrl), Key(.left, .ctrl), .left, .backspace, .delete, .end, .right)
        #expect(field.text == "ola que tal")
        h.type("!")
        #expect(field.text == "ola que tal!")
        #expect(h.transcript == [
            "start", "o", "que", "hola", "<edge> h", "<edge> start", "h deleted", "end", "<edge> end",
        ])
    }

    @Test func onFocusItReadsTextCursorAndCharactersLeft() {
        let field = TextField("Post", text: "Hi", maxLength: 5)
        let h = Harness([Button("X"), field])
        h.press(.tab, .home)
        h.press(.backTab, .tab)
        #expect(h.transcript == [
            "<focus> Post, text field, Hi, cursor at the end, 3 characters left, Type to write.",
            "start",
            "<focus> X, button",
            "<focus> Post, text field, Hi, cursor at the start, 3 characters left",
        ])
        #expect(h.lines[4] == " > Post: (3 left) Hi")
    }

    @Test func textPastTheLimitIsKeptAndSaidAsOver() {
        let field = TextField("Post", text: "abcd", maxLength: 5)
        let h = Harness([field], settings: ControlSettings(echo: .none))
        h.type("ef")
        h.press(.ctrl("l"))
        #expect(field.text == "abcdef")
        #expect(h.transcript == ["<error> [alert] 1 character over the limit", "cursor at the end, 1 character over the limit"])
        #expect(h.lines[2] == " > Post: (1 over) abcdef")
    }

    @Test func multiLineTextWrapsAndUpDownMoveByLine() {
        let field = TextField("Post", text: "one two three four five six seven eight nine ten eleven twelve thirteen",
                              multiline: true, rows: 3)
        let h = Harness([field], settings: ControlSettings(echo: .none))
        #expect(Array(h.lines[2...5]) == [
            " > Post:",
            "   one two three four five six seven",
            "   eight nine ten eleven twelve",
            "   thirteen",
        ])
        #expect(h.cursor == Point(x: 11, y: 5))
        h.press(.up)
        #expect(h.cursor == Point(x: 11, y: 4))
        h.press(.up, .up)
        #expect(h.cursor == Point(x: 11, y: 3))
        h.press(.enter)
        #expect(field.text == "one two \nthree four five six seven eight nine ten eleven twelve thirteen")
        #expect(h.transcript == [
            "eight nine ten eleven twelve", "one two three four five six seven", "<edge> one two three four five six seven",
        ])
    }
}
