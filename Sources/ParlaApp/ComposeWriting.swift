import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import SpeechKit
import TerminalKit

/// The parts of the compose screen beyond the text: files with their descriptions, a poll, and when to publish.
final class ComposeWriting {
    /// Poll durations offered, in seconds.
    static let pollDurations = [300, 3_600, 86_400, 259_200, 604_800]
    /// When to publish: now, or after this many seconds (nil: tomorrow at 09:00).
    static let schedules: [Int?] = [0, 3_600, 10_800, nil]

    unowned let app: AppContext
    let attach = Button.quiet()
    /// Each file with its description field; `kept` is a file already on the server (a redraft's).
    private(set) var attachments: [(path: String, description: TextField, kept: MediaAttachment?)] = []
    /// Shows or hides the poll's fields.
    let addPoll = Button.quiet()
    private(set) var pollShown = false
    let poll = TextField("")
    let pollDuration: Segmented
    let pollMultiple: Segmented
    let schedule: Segmented
    /// The server's limits, once known.
    var limits = InstanceInfo(domain: "", title: "", version: "")
    /// Sending without descriptions asks once more.
    private var confirmation = ConfirmTwice<[String]>()
    /// What the account's network has: no poll or time fields where it has no polls or scheduling.
    let capabilities: NetworkCapabilities
    /// The text recognised in a picture and offered as the start of its description, by field: while the
    /// field still holds it unchanged, Send asks once more (nothing is posted without the user's choice).
    var offers: [ObjectIdentifier: String] = [:]

    init(app: AppContext) {
        self.app = app
        capabilities = app.capabilities
        pollDuration = Segmented("", options: ["5m", "1h", "1d", "3d", "7d"].map { app.string("writing.compose.duration.\($0)") }, selected: 2)
        pollMultiple = Segmented("", options: [app.string("writing.compose.poll-single"), app.string("writing.compose.poll-multiple")])
        schedule = Segmented("", options: ["now", "1h", "3h", "tomorrow"].map { app.string("writing.compose.schedule.\($0)") })
        relocalize()
    }

    /// The controls, in order, after the text and its warning.
    var controls: [any Control] {
        let polls: [any Control] = capabilities.has(.polls) ? [addPoll] + (pollShown ? [poll, pollDuration, pollMultiple] : []) : []
        return [attach] + attachments.map(\.description) + polls + (capabilities.has(.scheduling) ? [schedule] : [])
    }

    func relocalize() {
        attach.title = app.string("writing.compose.attach", ["count": String(attachments.count), "limit": String(limits.maxMediaAttachments)])
        for item in attachments {
            item.description.title = app.string("writing.compose.description", ["name": TextSafety.stripped((item.path as NSString).lastPathComponent)])
        }
        addPoll.title = app.string(pollShown ? "writing.compose.remove-poll" : "writing.compose.add-poll")
        poll.title = app.string("writing.compose.poll")
        pollDuration.title = app.string("writing.compose.poll-duration")
        pollMultiple.title = app.string("writing.compose.poll-choices")
        schedule.title = app.string("writing.compose.schedule")
    }

    /// Shows the poll of a post written again (a redraft): its options and whether several may be chosen.
    func fill(_ earlier: Poll) {
        pollShown = true
        poll.setText(earlier.options.map { TextSafety.stripped($0.title) }.joined(separator: ", "))
        pollMultiple.select(earlier.multiple ? 1 : 0)
        relocalize()
    }

    /// Attaches again the files a deleted post had (a redraft), each with the description it had.
    func reattach(_ media: [MediaAttachment]) {
        for item in media {
            let name = (item.url as NSString).lastPathComponent
            attachments.append((name.isEmpty ? item.id : name, TextField("", text: TextSafety.stripped(item.description ?? "")), item))
        }
        relocalize()
    }

    /// The files already on the server (a redraft's), with their descriptions as now written: kept with a draft.
    var keptMedia: [MediaAttachment] {
        attachments.compactMap { _, field, kept in
            kept.map { MediaAttachment(id: $0.id, kind: $0.kind, url: $0.url, description: field.text.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }

    /// Adds the parts to a post: files with descriptions, the poll, the time (from the app's wall clock).
    func apply(to post: inout NewPost) {
        post.attachments = attachments.map { path, field, kept in
            let description = field.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let kept else { return NewAttachment(path: path, description: description) }
            // A file the server kept is attached by its id, its description (perhaps changed, perhaps in a draft
            // since) sent before the post.
            return NewAttachment(path: path, description: description, mediaId: kept.id, redescribe: true)
        }
        let options = !pollShown ? [] : poll.text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if !options.isEmpty {
            post.pollOptions = options
            post.pollExpiresIn = Self.pollDurations[pollDuration.selected]
            post.pollMultiple = pollMultiple.selected == 1
        }
        post.scheduledAt = scheduledAt()
    }

    /// The time chosen, or nil for now.
    func scheduledAt() -> Date? {
        let now = app.services.wallClock()
        switch Self.schedules[schedule.selected] {
        case 0?: return nil
        case let seconds?: return now.addingTimeInterval(TimeInterval(seconds))
        case nil:
            let calendar = Calendar.current
            let tomorrow = calendar.date(byAdding: .day, value: 1, to: now) ?? now
            return calendar.date(bySettingHour: 9, minute: 0, second: 0, of: tomorrow)
        }
    }

    /// Whether the attach button was pressed: opens the file chooser in the home folder.
    func handle(_ event: ControlEvent) -> ScreenResponse? {
        if event.kind == .activated, event.source === addPoll {
            pollShown.toggle()
            relocalize()
            let said = app.string(pollShown ? "writing.compose.poll-added" : "writing.compose.poll-removed")
            return ScreenResponse([app.say(said, priority: .alert, earcon: pollShown ? .toggleOn : .toggleOff)])
        }
        guard event.kind == .activated, event.source === attach else { return nil }
        guard attachments.count < limits.maxMediaAttachments else {
            let said = app.string("writing.error.too-many", ["count": String(limits.maxMediaAttachments)])
            return ScreenResponse([app.say(said, priority: .alert, earcon: .error)])
        }
        let home = URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true)
        let chooser = FileChooserScreen(app: app, folder: home) { [weak self] path in self?.add(path) ?? .none }
        return ScreenResponse(navigation: .push(chooser))
    }

    /// Adds a chosen file, with an empty description field after the attach button.
    private func add(_ path: String) -> ScreenResponse {
        let name = TextSafety.stripped((path as NSString).lastPathComponent)
        guard let type = MediaFile.mimeType(forFileName: name), limits.supportedMimeTypes.isEmpty || limits.supportedMimeTypes.contains(type) else {
            return ScreenResponse([app.say(app.string("writing.error.unsupported", ["name": name]), priority: .alert, earcon: .error)])
        }
        let field = TextField("")
        attachments.append((path, field, nil))
        relocalize()
        if type.hasPrefix("image/") { offerText(of: path, to: field) }
        return ScreenResponse([app.say(app.string("writing.compose.attached", ["name": name]), priority: .alert, earcon: .activate)])
    }

    /// Before sending: a file without a description asks for a second Send (unless Settings turned that off),
    /// or is refused where the network requires descriptions.
    /// Returns what to say instead of sending, or nil to send.
    func confirmDescriptions() -> ScreenResponse? {
        let missing = attachments.filter { $0.description.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
            .map { TextSafety.stripped(($0.path as NSString).lastPathComponent) }
        // Where the network requires a description (Bluesky), none is sent without it.
        if !missing.isEmpty, capabilities.altTextRequired {
            let said = app.string("network.alt-required.compose", [
                "names": missing.joined(separator: ", "), "network": capabilities.network.name(app.localizer),
            ])
            return ScreenResponse([app.say(said, priority: .alert, earcon: .error)])
        }
        let offered = attachments.filter { offers[ObjectIdentifier($0.description)] == $0.description.text }
            .map { TextSafety.stripped(($0.path as NSString).lastPathComponent) }
        if missing.isEmpty, !offered.isEmpty {
            if confirmation.press(offered) { return nil }
            let said = app.string("pictures.compose.confirm-offer", ["names": offered.joined(separator: ", ")])
            return app.askSecondPress(said, priority: .alert, earcon: .error)
        }
        guard !missing.isEmpty, app.settings.confirmMissingDescription else { return nil }
        if confirmation.press(missing) { return nil }
        let said = app.string("writing.compose.confirm-no-description", ["names": missing.joined(separator: ", ")])
        return app.askSecondPress(said, priority: .alert, earcon: .error)
    }
}
