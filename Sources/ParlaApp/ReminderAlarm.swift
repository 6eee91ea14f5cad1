import Foundation
import MicroblogKit
import ParlaBase

/// The account's reminders as the app keeps time for them. They are read from the engine when the app
/// starts (those that fell due while Parla was closed are said at once) and again when they change; each is
/// due when the app's clock has moved on by what was left of it when it was read.
struct ReminderAlarm {
    private var pending: [(reminder: Reminder, deadline: Duration)] = []
    /// Ids already said, not said again while the engine forgets them.
    private var said: Set<String> = []

    /// Takes the engine's reminders, reading the wall clock and the app's clock once.
    mutating func replace(_ reminders: [Reminder], wallNow: Date, tickNow: Duration) {
        pending = reminders.filter { !said.contains($0.id) }.map { reminder in
            (reminder, tickNow + .clamped(seconds: reminder.dueAt.timeIntervalSince(wallNow)))
        }
    }

    /// When the soonest reminder is due, on the app's clock.
    var deadline: Duration? { pending.map(\.deadline).min() }

    /// The reminders due at `tickNow`, soonest first; they are not returned again.
    mutating func takeDue(tickNow: Duration) -> [Reminder] {
        let due = pending.filter { $0.deadline <= tickNow }.sorted { ($0.deadline, $0.reminder.id) < ($1.deadline, $1.reminder.id) }
        pending.removeAll { $0.deadline <= tickNow }
        for item in due { said.insert(item.reminder.id) }
        return due.map(\.reminder)
    }
}
