import LVControls
import ParlaBase
import SpeechKit
import TerminalKit
import Testing
import Foundation

/// Wheel items that count how many were read.
final class CountingItems: WheelItems, @unchecked Sendable {
    let count: Int
    var reads = 0
    init(count: Int) { self.count = count }
    func item(at index: Int) -> String {
        reads += 1
        return "Item \(index + 1)"
    }
}

@Suite struct WheelTests {
    let names = ArrayWheelItems(["Ana", "Àlex", "Bea", "Berta", "Carles", "Dolors", "Eva", "Ferran", "Gemma", "Hugo"])

    @Test func movesWithEdgesAtBothEndsAndShowsAWindow() {
        let h = Harness([Wheel("Names", items: names)], settings: ControlSettings(verbosity: .short))
        h.press(.up, .down, .down)
        #expect(Array(h.lines[2...9]) == [
            " > Names 3 of 10",
            "     Ana",
            "     Àlex",
            "   > Bea",
            "     Berta",
            "     Carles",
            "     Dolors",
            "",
        ])
        #expect(h.cursor == Point(x: 5, y: 5))
        h.press(.end, .down, .pageUp, .home)
        #expect(h.transcript == ["<edge> Ana", "Àlex", "Bea", "Hugo", "<edge> Hugo", "Berta", "Ana"])
    }

    @Test func typingLettersJumpsAndBuildsAPrefixWithinASecond() {
        let wheel = Wheel("Names", items: names)
        let h = Harness([wheel], settings: ControlSettings(verbosity: .short))
        h.type("b")
        h.type("e")
        h.advance(by: .seconds(2))
        h.type("b")
        h.advance(by: .seconds(2))
        h.type("al")
        h.advance(by: .seconds(2))
        h.type("z")
        // "be" still names Bea, which goes on being said rather than starting again.
        #expect(h.transcript == ["Bea", "Berta", "Ana", "Àlex", "<error> Nothing starts with z"])
        h.press(.enter)
        #expect(h.screen.events == [.selected(1)])
        #expect(h.transcript.last == "<activate> Àlex chosen")
    }

    @Test func fullVerbositySaysThePosition() {
        let h = Harness([Wheel("Names", items: names)])
        h.press(.pageDown)
        #expect(h.transcript == ["Eva, 7 of 10"])
    }

    @Test func aHundredThousandItemsCostOnlyWhatIsVisible() {
        let items = CountingItems(count: 100_000)
        let h = Harness([Wheel("Big", items: items)], settings: ControlSettings(verbosity: .short))
        items.reads = 0
        h.press(.end)
        #expect(items.reads <= 12)
        items.reads = 0
        h.press(.pageUp, .up)
        #expect(items.reads <= 24)
        #expect(h.lines[2] == " > Big 99993 of 100000")
        #expect(h.transcript == ["Item 100000", "Item 99994", "Item 99993"])
    }
}

/// Items that say themselves in their own words and language, as posts do.
struct VoicedItems: WheelItems {
    let lines = ["Ana: Hello", "Ben: Hola"]
    var count: Int { lines.count }
    func item(at index: Int) -> String { lines[index] }
    func speech(at index: Int) -> WheelItemSpeech? {
        WheelItemSpeech(index == 0 ? "Ana says Hello." : "Ben dice Hola.", language: index == 0 ? "en" : "es")
    }
}

@Suite struct WheelDataSourceTests {
    @Test func theWheelSaysItsItemsInTheirOwnWordsAndVoice() {
        let wheel = Wheel("Posts", items: VoicedItems())
        let h = Harness([Button("Other"), wheel])
        h.press(.tab, .down, .down, .up)
        #expect(h.speech.events == [
            // The description and the item in one utterance (the item is said before the keys), so neither cuts the other.
            .say(Utterance(segments: [.init("Posts, wheel list, 1 of 2. "), .init("Ana says Hello.", language: "en"),
                                      .init(" Up and Down move, type letters to jump, Enter chooses.")], earcon: .focus, leadingEarcon: .leave)),
            .say(Utterance("Ben dice Hola.", language: "es")),
            .say(Utterance("Ben dice Hola.", language: "es", earcon: .edge)),
            .say(Utterance("Ana says Hello.", language: "en")),
        ])
        h.press(.enter)
        #expect(h.transcript.last == "<activate> Ana: Hello chosen")
        #expect(h.lines[5] == "   > Ana: Hello")
    }
}

@Suite struct ConfirmTwiceTests {
    @Test func aSecondPressOnTheSameSubjectConfirmsAndAnythingElseDisarms() {
        var confirm = ConfirmTwice<String>()
        #expect(confirm.press("101") == false)
        #expect(confirm.isArmed)
        #expect(confirm.press("102") == false)
        #expect(confirm.press("102") == true)
        #expect(!confirm.isArmed)
        #expect(confirm.press("102") == false)
        confirm.disarm()
        #expect(confirm.press("102") == false)
    }
}
