import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation
import TerminalKit

/// Reporting someone to the server's moderators: the reason, an optional comment, and the post that
/// was under the marker (shown, and sent with the report). Send waits for the server: once it answered
/// the result is said and the screen closes; a refusal is said and keeps what was written.
final class ReportScreen: AppScreen {
    unowned let app: AppContext
    let account: Account
    /// The post the report is about, when it was opened from one.
    let post: Post?
    let about = Label(text: "")
    let reason: Segmented
    let comment = TextField("", maxLength: 1000, multiline: true, rows: 3)
    let send = Button("")
    let toolbar: Toolbar
    private var sending = false

    var title: String { app.string("safety.report.title", ["name": TextSafety.stripped(account.plainName)]) }
    var helpIntro: String { app.string("safety.report.help") }
    var controls: [any Control] { [about, reason, comment, send] }
    var initialFocus: Int { 1 }

    init(app: AppContext, account: Account, post: Post?) {
        self.app = app
        self.account = account
        self.post = post
        reason = Segmented("", options: ReportReason.allCases.map { app.string("safety.reason.\($0.rawValue)") })
        toolbar = Toolbar(localizer: app.localizer)
        send.quietPress = true
        relocalize()
    }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        about.name = app.string("safety.report.post")
        about.text = post.map { app.text($0.content).display } ?? app.string("safety.report.no-post")
        reason.title = app.string("safety.report.reason")
        comment.title = app.string("safety.report.comment")
        send.title = app.string("safety.report.send")
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        guard event.kind == .activated, event.source === send, !sending else { return .none }
        sending = true
        let report = NewReport(
            accountId: account.id, reason: ReportReason.allCases[reason.selected], postIds: post.map { [$0.id] } ?? [],
            comment: comment.text.trimmingCharacters(in: .whitespacesAndNewlines))
        let engine = app.engine
        app.call({ try await engine.report(report) }, for: self, as: Message.sent)
        return .none
    }

    func layout(in area: Rect, focus: Int, context: ControlContext) -> [Rect] {
        ScrollingLayout.vertical(controls, in: area, focus: focus)
    }
}

extension ReportScreen: MessageReceiver {
    enum Message {
        /// The report was filed (its id) or refused.
        case sent(Result<String, MicroblogError>)
    }

    func receive(_ message: Message) -> ScreenResponse {
        sending = false
        switch message {
        case .sent(.success):
            return ScreenResponse([app.say(app.string("safety.said.reported", ["name": TextSafety.stripped(account.plainName)]), earcon: .sent)],
                                  navigation: .pop)
        case .sent(.failure(let error)):
            return app.report(error)
        }
    }
}
