import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation

/// A post's versions as the server keeps them (`H` on a post): the wheel of them, oldest first, each
/// said with its number, when it was written, its content warning and its text (in the post's language),
/// and the selected version's whole text in the label above.
final class PostHistoryScreen: AppScreen {
    unowned let app: AppContext
    let post: Post
    let versions: [PostVersion]
    let text = Label(text: "")
    let wheel = Wheel("", items: ArrayWheelItems([]))
    let toolbar: Toolbar

    var title: String { app.string("history.title", ["name": TextSafety.stripped(post.account.plainName)]) }
    var helpIntro: String { app.string("history.help") }
    var controls: [any Control] { [text, wheel] }
    var initialFocus: Int { 1 }
    var bindings: [Binding] { [] }

    init(app: AppContext, post: Post, versions: [PostVersion]) {
        self.app = app
        self.post = post
        self.versions = versions
        toolbar = Toolbar(localizer: app.localizer)
        relocalize()
    }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        text.name = app.string("history.text")
        wheel.title = app.string("history.wheel")
        let count = versions.count
        let items = versions.enumerated().map { index, version in present(version, number: index + 1, of: count) }
        let none = app.string("history.none")
        wheel.setPresented(items.isEmpty ? [Presented(display: none, line: none, spoken: none, language: nil)] : items,
                           index: min(wheel.index, max(0, count - 1)))
        turnEnded()
    }

    /// One version: "Version 2 of 3, 1 Mar 2026 at 10:01 (the latest): Warning: …. Its text."
    func present(_ version: PostVersion, number: Int, of count: Int) -> Presented {
        let body = app.text(version.content)
        let warning = TextSafety.stripped(version.spoilerText)
        let key = number == count && count > 1 ? "history.latest" : number == 1 ? "history.first" : "history.version"
        let head = app.string(key, ["n": String(number), "count": String(count), "time": ReminderText.time(version.createdAt, app: app)])
        let language = SpeechText.voiceLanguage(post.language)
        var segments = [SpeechText.Segment(head + ": ", language: nil)]
        if !warning.isEmpty {
            segments.append(SpeechText.Segment(app.string("history.warning") + " ", language: nil))
            segments.append(SpeechText.Segment(warning + ". ", language: language))
        }
        segments.append(SpeechText.Segment(body.spoken, language: language))
        let spoken = segments.map(\.text).joined()
        let shown = head + ": " + (warning.isEmpty ? "" : "[" + warning + "] ") + body.display.replacingOccurrences(of: "\n", with: " ")
        return Presented(display: shown, line: shown, spoken: spoken, language: nil, segments: segments)
    }

    /// The label above the wheel shows the selected version's whole text.
    func turnEnded() {
        guard versions.indices.contains(wheel.index) else {
            text.text = app.string("history.none")
            return
        }
        let version = versions[wheel.index]
        let warning = TextSafety.stripped(version.spoilerText)
        text.text = (warning.isEmpty ? "" : "[" + warning + "] ") + app.text(version.content).display
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse { .none }
    func perform(_ command: ScreenCommand, context: ControlContext) -> ScreenResponse { .none }
}
