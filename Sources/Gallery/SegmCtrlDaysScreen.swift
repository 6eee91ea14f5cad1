import LVControls
import ParlaBase
import TerminalKit

/// SegmCtrlDays: segmented controls of colours and weekdays, and the timed one that grew from them.
public final class SegmCtrlDaysScreen: Screen {
    static let colours = ["red", "green", "blue", "yellow", "white", "black"]
    static let days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    public let title: String
    public let helpIntro: String
    public let controls: [any Control]
    public let toolbar: Toolbar
    let colour: Segmented
    let day: Segmented
    let timedDay: TimedSegmented
    let result: Label
    let gallery: GalleryContext

    public init(gallery: GalleryContext) {
        self.gallery = gallery
        title = gallery.string("gallery.app.segm-ctrl-days")
        helpIntro = gallery.string("gallery.segm.help")
        colour = Segmented(gallery.string("gallery.segm.colour"), options: Self.colours.map { gallery.string("gallery.colour.\($0)") })
        day = Segmented(gallery.string("gallery.segm.day"), options: Self.days.map { gallery.string("gallery.day.\($0)") })
        timedDay = TimedSegmented(gallery.string("gallery.segm.timed-day"), options: Self.days.map { gallery.string("gallery.day.\($0)") },
                                  dwell: .milliseconds(gallery.settings.dwellMilliseconds))
        result = Label(name: gallery.string("gallery.result"), text: gallery.string("gallery.segm.none"))
        controls = [colour, day, timedDay, result]
        toolbar = Toolbar(localizer: gallery.localizer)
    }

    public func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        guard case .selected = event.kind else { return .none }
        result.text = gallery.string("gallery.segm.chosen", [
            "colour": colour.options[colour.kept], "day": day.options[day.kept], "timed": timedDay.options[timedDay.selected],
        ])
        return .none
    }
}
