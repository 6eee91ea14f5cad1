import Foundation
import MicroblogKit
import LVControls
import ParlaBase
import SpeechKit

extension ParlaApplication {
    /// Reads the account's reminders from the engine (on start, and when they change).
    func loadReminders() {
        let engine = app.engine
        runtime.run({ await engine.reminders() }) { [weak self] result in
            guard let self, case .success(let reminders) = result else { return }
            self.reminders.replace(reminders, wallNow: self.app.services.wallClock(), tickNow: self.app.services.clock.now())
            self.sayDueReminders()
        }
    }

    /// Says the reminders now due, each with an earcon, and has the engine forget them; returns whether any was.
    @discardableResult
    func sayDueReminders() -> Bool {
        let due = reminders.takeDue(tickNow: app.services.clock.now())
        guard !due.isEmpty else { return false }
        let engine = app.engine
        var said: [Announcement] = []
        for reminder in due {
            let text = app.string("writing.reminder.due", [
                "handle": "@" + TextSafety.stripped(reminder.author), "text": TextSafety.stripped(reminder.excerpt),
            ])
            said.append(.say(Utterance(text, priority: .alert, earcon: .mention)))
            let id = reminder.id
            runtime.fire { _ = try? await engine.removeReminder(id: id) }
        }
        host.deliver(ScreenResponse(said))
        return true
    }
}
