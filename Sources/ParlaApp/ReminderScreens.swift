import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation
import SpeechKit
import TerminalKit

/// "Remind me about this post": a wheel of times (after a delay, or tomorrow morning); Enter keeps the
/// reminder in the account and says so once the engine has kept it.
final class RemindScreen: AppScreen {
    /// The choices: after this many seconds, or nil for tomorrow at 09:00.
    static let delays: [Int?] = [1_800, 3_600, 10_800, 86_400, nil]

    unowned let app: AppContext
    let post: Post
    let wheel = Wheel("", items: ArrayWheelItems([]))
    let toolbar: Toolbar
    private var keeping = false

    var title: String { app.string("writing.remind.title", ["handle": "@" + TextSafety.stripped(post.account.acct)]) }
    var helpIntro: String { app.string("writing.remind.help") }
    var controls: [any Control] { [wheel] }

    init(app: AppContext, post: Post) {
        self.app = app
        self.post = post
        toolbar = Toolbar(localizer: app.localizer)
        relocalize()
    }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        wheel.title = app.string("writing.remind.when")
        let names = ["30m", "1h", "3h", "1d", "tomorrow"].map { app.string("writing.remind.\($0)") }
        wheel.setPresented(names.map { Presented(display: $0, line: $0, spoken: $0, language: nil) }, index: wheel.index)
    }

    /// When a choice falls, from the app's wall clock.
    func dueDate(_ index: Int) -> Date {
        let now = app.services.wallClock()
        if let seconds = Self.delays[index] { return now.addingTimeInterval(TimeInterval(seconds)) }
        let calendar = Calendar.current
        let tomorrow = calendar.date(byAdding: .day, value: 1, to: now) ?? now
        return calendar.date(bySettingHour: 9, minute: 0, second: 0, of: tomorrow) ?? tomorrow
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        guard case .selected(let index) = event.kind, event.source === wheel, Self.delays.indices.contains(index), !keeping else { return .none }
        keeping = true
        let excerpt = TextSafety.stripped(post.content.source).replacingOccurrences(of: "\n", with: " ")
        let reminder = Reminder(
            postId: post.id, dueAt: dueDate(index), author: post.account.acct,
            excerpt: excerpt.count > 80 ? String(excerpt.prefix(79)) + "…" : excerpt)
        let engine = app.engine
        app.call({ try await engine.addReminder(reminder); return reminder }, for: self, as: Message.kept)
        return .none
    }
}

extension RemindScreen: MessageReceiver {
    enum Message {
        case kept(Result<Reminder, MicroblogError>)
    }

    func receive(_ message: Message) -> ScreenResponse {
        guard case .kept(let result) = message else { return .none }
        keeping = false
        switch result {
        case .success(let reminder):
            let said = app.string("writing.line.reminder-kept", [
                "handle": "@" + TextSafety.stripped(reminder.author), "time": ReminderText.time(reminder.dueAt, app: app),
            ])
            return ScreenResponse([app.say(said, priority: .notification, earcon: .activate)], navigation: .pop)
        case .failure(let error):
            return app.report(error)
        }
    }
}

/// The reminders not said yet (Go to, Reminders): a wheel, soonest first; Delete or d cancels the one in focus.
final class RemindersScreen: AppScreen {
    static let cancel = ScreenCommand("cancel-reminder")

    unowned let app: AppContext
    let wheel = Wheel("", items: ArrayWheelItems([]))
    let toolbar: Toolbar
    private(set) var reminders: [Reminder] = []

    var title: String { app.string("writing.reminders.title") }
    var helpIntro: String { app.string("writing.reminders.help") }
    var controls: [any Control] { [wheel] }
    var bindings: [Binding] { [.screen([.char("d"), .delete], Self.cancel, "writing.key.cancel-reminder")] }

    /// Opens the screen once the engine has read the reminders.
    static func open(app: AppContext) -> ScreenResponse {
        let engine = app.engine
        return app.load(app.string("writing.reminders.loading"), { await engine.reminders() }, as: { result in
            .screen(result.map { reminders in
                let screen = RemindersScreen(app: app)
                screen.show(reminders, index: 0)
                return screen as any Screen
            })
        })
    }

    init(app: AppContext) {
        self.app = app
        toolbar = Toolbar(localizer: app.localizer)
        relocalize()
    }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        wheel.title = app.string("writing.reminders.list")
        show(reminders, index: wheel.index)
    }

    func show(_ list: [Reminder], index: Int) {
        reminders = list
        let items = list.map { reminder -> Presented in
            let text = app.string("writing.line.reminder-item", [
                "time": ReminderText.time(reminder.dueAt, app: app), "handle": "@" + TextSafety.stripped(reminder.author),
                "text": TextSafety.stripped(reminder.excerpt),
            ])
            return Presented(display: text, line: text, spoken: text, language: nil)
        }
        let empty = app.string("writing.line.no-reminders")
        wheel.setPresented(items.isEmpty ? [Presented(display: empty, line: empty, spoken: empty, language: nil)] : items,
                           index: min(index, max(0, items.count - 1)))
    }

    /// The wheel says each reminder as it moves; Enter on one says how to cancel it.
    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        guard case .selected = event.kind, event.source === wheel, !reminders.isEmpty else { return .none }
        return ScreenResponse([app.say(app.string("writing.reminders.help"))])
    }

    func perform(_ command: ScreenCommand, context: ControlContext) -> ScreenResponse {
        guard command == Self.cancel else { return .none }
        guard reminders.indices.contains(wheel.index) else {
            return ScreenResponse([app.say(app.string("writing.line.no-reminders"), earcon: .edge)])
        }
        let id = reminders[wheel.index].id
        let engine = app.engine
        app.call({ () -> [Reminder] in
            guard try await engine.removeReminder(id: id) else { throw MicroblogError.notFound }
            return await engine.reminders()
        }, for: self, as: Message.cancelled)
        return .none
    }
}

extension RemindersScreen: MessageReceiver {
    enum Message {
        case cancelled(Result<[Reminder], MicroblogError>)
    }

    func receive(_ message: Message) -> ScreenResponse {
        guard case .cancelled(let result) = message else { return .none }
        switch result {
        case .success(let list):
            show(list, index: wheel.index)
            return ScreenResponse([app.say(app.string("writing.line.reminder-cancelled"), priority: .notification, earcon: .activate)])
        case .failure(let error):
            return app.report(error)
        }
    }
}

/// A reminder's time as the user hears it, in the interface's language.
enum ReminderText {
    static func time(_ date: Date, app: AppContext) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: app.localizer.language.code)
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        return formatter.string(from: date)
    }
}
