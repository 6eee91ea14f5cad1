import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation
import TerminalKit

/// The hashtags the user follows (from Go to): the wheel of them (Enter opens the hashtag's timeline), a
/// field to follow another; Unfollow (F2) stops following the one under the marker. Each change is said
/// once the server made it. On a hashtag's timeline `#` does the same for that hashtag.
final class FollowedTagsScreen: AppScreen {
    unowned let app: AppContext
    var tags: [Hashtag]
    let wheel = Wheel("", items: ArrayWheelItems([]))
    let field = TextField("")
    let follow = Button("")
    let unfollow = Button("")
    let toolbar: Toolbar
    private var busy = false

    var title: String { app.string("tags.title") }
    var helpIntro: String { app.string("tags.help") }
    var controls: [any Control] { [wheel, field, follow] }

    static func open(app: AppContext) -> ScreenResponse {
        let engine = app.engine
        return app.load(app.string("tags.title"), { try await engine.followedHashtags() },
                        as: { .screen($0.map { FollowedTagsScreen(app: app, tags: $0) as any Screen }) })
    }

    init(app: AppContext, tags: [Hashtag]) {
        self.app = app
        self.tags = tags
        toolbar = Toolbar(localizer: app.localizer, first: unfollow)
        // What is chosen opens and says itself: the activate earcon, not its name again with "chosen".
        wheel.quietChoice = true
        follow.quietPress = true
        unfollow.quietPress = true
        relocalize()
    }

    var current: Hashtag? { tags.indices.contains(wheel.index) ? tags[wheel.index] : nil }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        wheel.title = app.string("tags.wheel")
        field.title = app.string("tags.field")
        follow.title = app.string("tags.follow")
        unfollow.title = app.string("tags.unfollow")
        show(index: wheel.index)
    }

    func show(index: Int) {
        // "#poetry" shown, "poetry" said (eSpeak-NG says "#" as "hash").
        let empty = app.string("tags.empty")
        let items = tags.isEmpty ? [Presented(display: empty, line: empty, spoken: empty, language: nil)]
            : tags.map { tag in
                let shown = "#" + TextSafety.stripped(tag.name)
                return Presented(display: shown, line: shown, spoken: app.said(shown, naming: .hashtag(tag.name)), language: nil)
            }
        wheel.setPresented(items, index: min(index, max(0, tags.count - 1)))
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        let source = event.source
        if case .selected = event.kind, source === wheel, let tag = current {
            return app.openTimeline(.timeline(.hashtag(tag.name), owner: nil), what: app.timelineName(.hashtag(tag.name)))
        }
        guard event.kind == .activated, !busy else { return .none }
        let engine = app.engine
        if source === follow || source === field {
            let name = field.text.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "#"))
            guard !name.isEmpty else { return ScreenResponse([app.say(app.string("screens.switcher.no-tag"), earcon: .error)]) }
            busy = true
            app.call({ try await engine.setHashtagFollowed(true, name: name) }, for: self, as: Message.changed)
            return .none
        }
        if source === unfollow {
            guard let tag = current else { return ScreenResponse([app.say(app.string("tags.empty"), earcon: .edge)]) }
            busy = true
            app.call({ try await engine.setHashtagFollowed(false, name: tag.name) }, for: self, as: Message.changed)
        }
        return .none
    }
}

extension FollowedTagsScreen: MessageReceiver {
    enum Message {
        case changed(Result<Hashtag, MicroblogError>)
    }

    func receive(_ message: Message) -> ScreenResponse {
        busy = false
        switch message {
        case .changed(.success(let tag)):
            tags.removeAll { $0.id == tag.id }
            if tag.following {
                tags.insert(tag, at: 0)
                field.setText("")
            }
            show(index: tag.following ? 0 : wheel.index)
            let key = tag.following ? "tags.followed" : "tags.unfollowed"
            return ScreenResponse([app.say(app.string(key, ["tag": TextSafety.stripped(tag.name)]), earcon: tag.following ? .toggleOn : .toggleOff)])
        case .changed(.failure(let error)):
            return app.report(error)
        }
    }
}
