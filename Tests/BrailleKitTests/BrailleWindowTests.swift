import BrailleKit
import Testing

/// The window on the focus line: panning, the cursor kept in sight, the place kept under an alert.
@Suite struct BrailleWindowTests {
    let post = "Ana García: Good morning, everyone! The tide is out and the sand is warm."

    @Test func panningRightShowsTheNextPartAndStopsAtTheEnd() {
        var window = BrailleWindow(width: 20)
        window.show(BrailleLine(post))
        #expect(window.content.text == "Ana García: Good mor")
        let moved1 = window.pan(1)
        #expect(moved1)
        #expect(window.content.text == "ning, everyone! The ")
        let moved2 = window.pan(1)
        #expect(moved2)
        let moved3 = window.pan(1)
        #expect(moved3)
        #expect(window.content.text == "sand is warm.       ")
        let moved4 = window.pan(1)
        #expect(!moved4)
        let moved5 = window.pan(-1)
        #expect(moved5)
        #expect(window.content.text == "tide is out and the ")
    }

    @Test func theSameTextShownAgainKeepsThePlaceAndANewItemStartsAtItsBeginning() {
        var window = BrailleWindow(width: 20)
        window.show(BrailleLine(post))
        _ = window.pan(1)
        window.show(BrailleLine(post))
        #expect(window.offset == 20)
        window.show(BrailleLine("Ben Jones: Hola, ¿qué tal?"))
        #expect(window.offset == 0)
        #expect(window.content.text == "Ben Jones: Hola, ¿qu")
    }

    @Test func theCursorIsKeptInSightAndShownOnItsCell() {
        var window = BrailleWindow(width: 20)
        window.show(BrailleLine(post, cursor: 45))
        #expect(window.offset == 40)
        #expect(window.content.cursor == 5)
        window.show(BrailleLine(post, cursor: 3))
        #expect(window.offset == 0)
        #expect(window.content.cursor == 3)
    }

    @Test func anAlertCoversTheLineAndThePlaceOnTheLineIsNotLost() {
        var window = BrailleWindow(width: 20)
        window.show(BrailleLine(post))
        _ = window.pan(1)
        window.showAlert("3 new posts in Home")
        #expect(window.content.text == "3 new posts in Home ")
        window.show(BrailleLine(post))
        window.dismissAlert()
        #expect(window.content.text == "ning, everyone! The ")
    }

    @Test func aRoutingKeyPointsAtTheCharacterUnderItOnThePannedLine() {
        var window = BrailleWindow(width: 20)
        window.show(BrailleLine(post))
        _ = window.pan(1)
        #expect(window.character(at: 3) == 23)
    }
}
