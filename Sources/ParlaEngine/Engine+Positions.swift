import Foundation
import MicroblogKit
import ParlaBase

extension Engine {
    /// The post the user was on in a timeline: for home, where they left it (older or newer than the
    /// server's marker), else the marker when nothing else was kept.
    public func readPosition(_ kind: TimelineKind) -> String? {
        place(kind.key)
    }

    /// The notification the user was on (the server's marker when nothing else was kept).
    public func notificationsReadPosition() -> String? {
        place(Self.notificationsTimeline)
    }

    /// The key under which the place the user was on in a synced timeline is kept, beside its marker
    /// (on this computer only: the server's marker keeps Mastodon's meaning, the newest post read).
    static func placeKey(_ timeline: String) -> String { "place:" + timeline }

    /// Where the user was in `timeline`: the place kept beside a synced timeline's marker (moved to the
    /// marker when the server's came newer, read further in another app), else the position.
    func place(_ timeline: String) -> String? {
        if Self.syncedTimelines.contains(timeline), let kept = try? cache.readPosition(Self.placeKey(timeline)) {
            return kept.lastReadId
        }
        return marker(timeline)
    }

    /// The server's marker as Mastodon defines it: the newest post (or notification) read.
    func marker(_ timeline: String) -> String? {
        (try? cache.readPosition(timeline))?.lastReadId
    }

    /// Saves the position at once; home's (a server marker, shared with other apps) only moves forward
    /// and is sent to the server's markers ``Configuration/markerDelay`` after the last change, while
    /// the post the user is on is kept beside it, older or newer. The other timelines' positions are
    /// kept here only: each is where the user left it, older or newer.
    public func markRead(_ kind: TimelineKind, postId: String) async {
        markRead(timeline: kind.key, id: postId)
        if kind == .mentions, let notification = try? cache.notificationId(forPost: postId) {
            markRead(timeline: Self.notificationsTimeline, id: notification)
        }
    }

    /// Saves the notifications read position (synced like home's).
    public func markNotificationsRead(upTo id: String) async {
        markRead(timeline: Self.notificationsTimeline, id: id)
    }

    /// Moves a timeline's position to `id` (a synced timeline's place, and its marker when `id` is newer).
    func markRead(timeline: String, id: String) {
        let existing = try? cache.readPosition(timeline)
        let synced = Self.syncedTimelines.contains(timeline)
        if synced {
            try? cache.setReadPosition(TimelineCache.ReadPosition(timeline: Self.placeKey(timeline), lastReadId: id, needsUpload: false))
        }
        if let existing, synced, !service.readPosition(id, isPast: existing.lastReadId) { return }
        let position = TimelineCache.ReadPosition(
            timeline: timeline, lastReadId: id, serverVersion: existing?.serverVersion,
            serverUpdatedAt: existing?.serverUpdatedAt, needsUpload: synced)
        try? cache.setReadPosition(position)
        if synced { scheduleMarkerUpload() }
    }

    func scheduleMarkerUpload() {
        guard markerTask == nil else { return }
        let delay = configuration.markerDelay
        let sleeper = self.sleeper
        markerTask = executor.start {
            do { try await sleeper.sleep(for: delay) } catch { return }
            await self.uploadMarkers()
        }
    }

    /// Sends the positions the server has not heard yet (at background priority).
    func uploadMarkers() async {
        markerTask = nil
        for timeline in Self.syncedTimelines {
            guard let position = try? cache.readPosition(timeline), position.needsUpload else { continue }
            let service = self.service
            do {
                try await RequestPriority.$current.withValue(.background) {
                    try await service.saveMarker(timeline: timeline, lastReadId: position.lastReadId)
                }
            } catch {
                continue  // Kept as needing upload: the next change, start or stop tries again.
            }
            if var now = try? cache.readPosition(timeline), now.lastReadId == position.lastReadId {
                now.needsUpload = false
                try? cache.setReadPosition(now)
            }
        }
    }

    /// Reads the server's markers: a newer server position replaces the local one; a newer local
    /// one not yet sent is sent.
    public func syncReadPositions() async throws {
        let service = self.service
        let markers = try await RequestPriority.$current.withValue(.background) { try await service.markers() }
        var pending = false
        for timeline in Self.syncedTimelines {
            let local = try cache.readPosition(timeline)
            if let marker = markers[timeline] {
                if local.map({ service.readPosition(marker.lastReadId, isPast: $0.lastReadId) }) ?? true {
                    try cache.setReadPosition(TimelineCache.ReadPosition(
                        timeline: timeline, lastReadId: marker.lastReadId, serverVersion: marker.version,
                        serverUpdatedAt: marker.updatedAt, needsUpload: false))
                    // Read further in another app: that is where the user goes on.
                    try cache.setReadPosition(TimelineCache.ReadPosition(
                        timeline: Self.placeKey(timeline), lastReadId: marker.lastReadId, needsUpload: false))
                    continue
                }
                if var local, local.lastReadId == marker.lastReadId {
                    local.serverVersion = marker.version
                    local.serverUpdatedAt = marker.updatedAt
                    local.needsUpload = false
                    try cache.setReadPosition(local)
                    continue
                }
            }
            if let local, local.needsUpload || markers[timeline] != nil { pending = true
                var position = local
                position.needsUpload = true
                try cache.setReadPosition(position)
            }
        }
        if pending { await uploadMarkers() }
    }

    public func openTimelines() -> OpenTimelines? {
        try? cache.openTimelines()
    }

    /// Kept in the cache beside the read positions (only on this computer, as the positions of timelines
    /// other than home and notifications are).
    public func saveOpenTimelines(_ timelines: OpenTimelines) {
        try? cache.setOpenTimelines(timelines)
    }

    /// The general rate-limit bucket now, as the client's budget knows it.
    public func budget() async -> BudgetSnapshot? {
        await budgetSnapshot?()
    }

    public func forgetBudgetWait() async {
        await budgetForget?()
    }

    /// New posts in home after the read position, and mentions and direct messages after the
    /// notifications read position, with the rate-limit budget when it is known. With no position there is
    /// no "since you left" (the user never left a place: a first run), and the user's own posts are never new.
    public func digest() async -> SinceYouLeft {
        let me = (try? cache.ownAccountId()) ?? myAccount?.id
        let home = (try? marker(TimelineKind.home.key).map { try countAbove(position: $0, in: TimelineKind.home.key, notBy: me) }) ?? 0
        let mentions = (try? marker(Self.notificationsTimeline).map { try mentionsAbove(position: $0) }) ?? (mentions: 0, direct: 0)
        let budget = await budgetSnapshot?()
        return SinceYouLeft(
            newHome: home, newMentions: mentions.mentions, newDirect: mentions.direct,
            budgetRemaining: budget?.remaining, budgetResetAt: budget?.resetAt, budgetLimit: budget?.limit)
    }

    /// How many posts of a timeline that `author` did not write are above a read position. A position that is
    /// not cached is above all of them (read further elsewhere) or below all (older than the cache), as the
    /// network orders its ids.
    func countAbove(position: String, in timeline: String, notBy author: String?) throws -> Int {
        if let count = try cache.countNewer(than: position, in: timeline, notBy: author) { return count }
        return try positionIsAboveCache(position, timeline) ? 0 : cache.count(timeline, notBy: author)
    }

    /// Mentions and direct messages above the notifications' read position, as ``countAbove(position:in:notBy:)`` counts.
    func mentionsAbove(position: String) throws -> (mentions: Int, direct: Int) {
        if let counts = try cache.countMentions(newerThan: position) { return counts }
        if try positionIsAboveCache(position, Self.notificationsTimeline) { return (0, 0) }
        return try cache.countMentions(newerThan: nil) ?? (0, 0)
    }

    private func positionIsAboveCache(_ position: String, _ timeline: String) throws -> Bool {
        guard let newest = try cache.newestId(timeline) else { return false }
        return service.readPosition(position, isPast: newest)
    }
}
