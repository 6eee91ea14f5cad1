import LVControls
import ParlaBase
import SpeechKit
import TerminalKit
import Testing

@Suite struct KeypadTests {
    func make(dwell: Int = 1200) -> (Harness, TextField, Keypad) {
        let field = TextField("Message")
        let keypad = Keypad("Keypad", target: field, dwell: .milliseconds(dwell))
        let h = Harness([field, keypad], size: Size(width: 44, height: 14), settings: ControlSettings(echo: .none))
        h.press(.tab)
        h.speech.clear()
        return (h, field, keypad)
    }

    @Test func typesHolaByTimedScanningAlone() {
        let (h, field, _) = make()
        h.press(.left, .enter)            // key 4: g, then h after one dwell
        h.advance(by: .milliseconds(1200))
        h.press(.enter)
        h.press(.right, .right, .enter)   // key 6: m n o
        h.advance(by: .milliseconds(2400))
        h.press(.enter)
        h.press(.left, .enter)            // key 5: j k l
        h.advance(by: .milliseconds(2400))
        h.press(.enter)
        h.press(.up, .enter, .enter)      // key 2: a at once
        #expect(field.text == "hola")
        #expect(h.transcript == [
            "4: g h i í ï", "g", "h", "<activate> h",
            "<keypad-centre> 5: j k l", "6: m n o ñ ó ò", "m", "n", "o", "<activate> o",
            "<keypad-centre> 5: j k l", "j", "k", "l", "<activate> l",
            "2: a b c á à ç", "a", "<activate> a",
        ])
        #expect(h.lines[2] == "   Message: hola")
    }

    @Test func drawsTheThreeByFourLayoutWithTheSelectedKeyBracketed() {
        let (h, _, _) = make()
        #expect(Array(h.lines[4...8]) == [
            " > Keypad: lower case",
            "    1 .,?!      2 abcá      3 defé",
            "    4 ghií     [5 jkl]      6 mnoñ",
            "    7 pqrs      8 tuvú      9 wxyz",
            "    * abc       0 ␣         # del",
        ])
        #expect(h.cursor == Point(x: 16, y: 6))
    }

    @Test func focusOnTheCentreKeyPlaysTheCentreCueAndEdgesStop() {
        let field = TextField("Message")
        let h = Harness([field, Keypad("Keypad", target: field)], size: Size(width: 44, height: 14))
        h.press(.tab, .up, .up, .left, .left)
        #expect(h.transcript == [
            "<focus> Keypad, keypad, 5: j k l, lower case, Arrows move between keys, Enter scans a key, digits type as on a phone.",
            "<keypad-centre>",
            "2: a b c á à ç", "<edge> 2: a b c á à ç", "1: dot comma question mark exclamation mark apostrophe quote dash",
            "<edge> 1: dot comma question mark exclamation mark apostrophe quote dash",
        ])
    }

    @Test func digitsWorkAsMultiTapCommittingAfterTheDwellOrOnAnotherKey() {
        let (h, field, _) = make(dwell: 800)
        h.type("44")
        h.type("666")
        h.advance(by: .milliseconds(800))
        h.type("555")
        h.type("2")
        #expect(field.text == "hol")
        h.advance(by: .milliseconds(799))
        #expect(field.text == "hol")
        h.advance(by: .milliseconds(1))
        #expect(field.text == "hola")
        #expect(h.transcript == [
            "g", "h", "<activate> h", "m", "n", "o", "<activate> o",
            "j", "k", "l", "<activate> l", "a", "<activate> a",
        ])
    }

    @Test func starChangesModeAndHashDeletes() {
        let (h, field, keypad) = make(dwell: 800)
        h.type("2*2")
        h.advance(by: .milliseconds(800))
        h.type("*2#")
        #expect(keypad.mode == .numbers)
        #expect(field.text == "aA")
        h.type("#")
        #expect(field.text == "a")
        h.type("**0")
        h.advance(by: .milliseconds(800))
        #expect(field.text == "a ")
        #expect(h.transcript == [
            "a", "<activate> a", "<toggle-on> upper case", "capital A", "<activate> capital A",
            "<toggle-on> numbers", "2", "<cancel> Character cancelled", "capital A deleted",
            "<toggle-on> symbols", "<toggle-on> lower case", "space", "<activate> space",
        ])
    }

    @Test func leavingTheKeypadCommitsTheCharacterBeingTyped() {
        let (h, field, _) = make()
        h.type("3")
        h.press(.backTab)
        #expect(field.text == "d")
        #expect(h.host.nextDeadline == nil)
    }
}
