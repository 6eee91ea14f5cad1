import Foundation
import MicroblogKit
import ParlaBase

/// What the engine says to the user, from `Localization/<language>/engine.json`; reasons come from
/// ``MicroblogError/message(_:timeZone:)`` and names from the network are cleaned with ``TextSafety``.
public struct EngineMessages: Sendable {
    public let localizer: Localizer
    public let timeZone: TimeZone

    public init(localizer: Localizer, timeZone: TimeZone = .current) {
        self.localizer = localizer
        self.timeZone = timeZone
    }

    /// The sentence for an event; nil for `postUpdated`, which the screen shows in place instead.
    public func text(for event: EngineEvent) -> String? {
        switch event {
        case .newPosts(let timeline, let count):
            return newPosts(count: count, timeline: timeline)
        case .notification(let notification, _):
            return text(for: notification)
        case .postUpdated:
            return nil
        case .postDeleted:
            return localizer.string("engine.post.deleted")
        case .postSent:
            return localizer.string("engine.post.sent")
        case .postQueued(_, let reason):
            return localizer.string("engine.post.queued", ["reason": reason.message(localizer, timeZone: timeZone)])
        case .postFailed(_, let reason):
            return localizer.string("engine.post.failed", ["reason": reason.message(localizer, timeZone: timeZone)])
        case .offline(let reason):
            return localizer.string("engine.offline", ["reason": reason.message(localizer, timeZone: timeZone)])
        case .online:
            return localizer.string("engine.online")
        }
    }

    /// "3 new posts in home."
    public func newPosts(count: Int, timeline: String) -> String {
        let name = timelineName(timeline)
        return count == 1
            ? localizer.string("engine.new-posts.one", ["timeline": name])
            : localizer.string("engine.new-posts.other", ["count": String(count), "timeline": name])
    }

    /// The spoken name of a timeline key.
    public func timelineName(_ key: String) -> String {
        switch TimelineKind(key: key) {
        case .home: localizer.string("engine.timeline.home")
        case .local: localizer.string("engine.timeline.local")
        case .federated: localizer.string("engine.timeline.federated")
        case .mentions: localizer.string("engine.timeline.mentions")
        case .direct: localizer.string("engine.timeline.direct")
        case .bookmarks: localizer.string("engine.timeline.bookmarks")
        case .favourites: localizer.string("engine.timeline.favourites")
        case .user: localizer.string("engine.timeline.user")
        case .hashtag(let tag): localizer.string("engine.timeline.tag", ["tag": "#" + TextSafety.stripped(tag)])
        case .list, nil: localizer.string("engine.timeline.list")
        }
    }

    /// "Ana mentioned you.", "Direct message from Ana."
    public func text(for notification: MicroblogNotification) -> String {
        let name = ["name": TextSafety.stripped(notification.account.name)]
        switch notification.kind {
        case .mention:
            return notification.post?.shown.visibility == .direct
                ? localizer.string("engine.notification.direct", name)
                : localizer.string("engine.notification.mention", name)
        case .reblog: return localizer.string("engine.notification.reblog", name)
        case .favourite: return localizer.string("engine.notification.favourite", name)
        case .follow: return localizer.string("engine.notification.follow", name)
        case .followRequest: return localizer.string("engine.notification.follow-request", name)
        case .poll: return localizer.string("engine.notification.poll", name)
        case .status: return localizer.string("engine.notification.status", name)
        case .update: return localizer.string("engine.notification.update", name)
        default: return localizer.string("engine.notification.other", name)
        }
    }
}
