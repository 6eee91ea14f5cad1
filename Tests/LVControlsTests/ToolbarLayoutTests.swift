import LVControls
import ParlaBase
import TerminalKit
import TestSupport
import Testing

/// The toolbar at 40 columns: labels that do not fit four equal parts get what they need, so a
/// magnifier user reads them whole; at 80 columns the equal parts stay as they were.
@Suite struct ToolbarLayoutTests {
    let localizer = TestLocalization.localizer(.english)

    /// The bar's row at 40 columns (the screen's margins inside it), with a marker of 2 columns.
    private func at40(_ toolbar: Toolbar) -> [Rect] {
        toolbar.layout(in: Rect(x: 1, y: 11, width: 38, height: 1), markerWidth: 2, outer: Rect(x: 0, y: 11, width: 40, height: 1))
    }

    @Test func equalPartsStayWhenEveryLabelFits() {
        let toolbar = Toolbar(localizer: localizer, first: Button("Details"), second: Button("New post"))
        let rects = toolbar.layout(in: Rect(x: 1, y: 23, width: 78, height: 1), markerWidth: 2,
                                   outer: Rect(x: 0, y: 23, width: 80, height: 1))
        #expect(rects.map { $0.x } == [1, 20, 39, 58])
        #expect(rects.map { $0.width } == [19, 19, 19, 21])
    }

    @Test func labelsTooWideForEqualPartsGetWhatTheyNeedOverTheWholeRow() {
        let toolbar = Toolbar(localizer: localizer, first: Button("Details"), second: Button("New post"))
        let rects = at40(toolbar)
        // "[Back]" 6, "[Info]" 6, "[Details]" 9, "[New post]" 10, each with the marker's 2 columns: 39 of 40.
        #expect(rects.map { $0.width } == [8, 8, 11, 12])
        #expect(rects.map { $0.x } == [0, 8, 16, 27])
    }

    @Test func whatStillDoesNotFitIsCutFromTheWidest() {
        let toolbar = Toolbar(localizer: localizer, first: Button("Details"), second: Button("Send it again now"))
        let rects = at40(toolbar)
        // 8 + 8 + 11 + 21 = 48: the last, the widest, gives up 8 columns; the others stay whole.
        #expect(rects.map { $0.width } == [8, 8, 11, 13])
        #expect(rects.map { $0.x } == [0, 8, 16, 27])
    }

    @Test func spareColumnsGoBetweenTheControls() {
        let toolbar = Toolbar(localizer: localizer, first: Button("Refresh"), second: Button("Go"))
        let rects = at40(toolbar)
        // "[Refresh]" needs 11 of an equal 9: 8 + 8 + 11 + 6 = 33 of 40, 7 spare, 2 between each pair.
        #expect(rects.map { $0.x } == [0, 10, 20, 33])
        #expect(rects.map { $0.width } == [8, 8, 11, 6])
    }

    @Test func buttonsGiveWayBeforeALabelsValue() {
        let counter = Label(text: "quedan 500")
        let toolbar = Toolbar(localizer: localizer, first: counter, second: Button("Enviar"))
        let rects = at40(toolbar)
        // "[Back]" 8, "[Info]" 8, "quedan 500" 12, "[Enviar]" 10 with their markers: 38, all whole.
        #expect(rects.map { $0.width } == [8, 8, 12, 10])
        let longer = Toolbar(localizer: localizer, first: Label(text: "en queden 500"), second: Button("Envia"))
        longer.back.title = "Cancel·la"
        let cut = at40(longer)
        // 13 + 8 + 15 + 9 = 45: the five columns come from the buttons, always the widest ("[Cancel·la]"
        // down to 8, where "[Info]" stays whole); the label's 15 stay.
        #expect(cut.map { $0.width } == [8, 8, 15, 9])
    }
}
