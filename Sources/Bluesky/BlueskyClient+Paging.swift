import Foundation
import MicroblogKit
import ServiceHTTP

extension BlueskyClient {
    /// Bluesky pages every list by its own cursors alone: there is no request for "older than this post".
    public func pageRequest(olderThan postId: String, in kind: TimelineKind) -> PageRequest? { nil }

    /// Notifications too are paged by their cursors alone.
    public func notificationsPageRequest(olderThan notificationId: String) -> PageRequest? { nil }

    /// A read position is a date (`seenAt`) or a record's address, whose key is a TID that sorts by time.
    public func readPosition(_ id: String, isPast other: String) -> Bool {
        if let date = ISODate.parse(id), let otherDate = ISODate.parse(other) { return date > otherDate }
        let key = { (uri: String) -> String? in uri.hasPrefix("at://") ? uri.split(separator: "/").last.map(String.init) : nil }
        if let mine = key(id), let theirs = key(other) { return mine > theirs }
        // Positions of two kinds: the newer one is the one just read.
        return id != other
    }
}
