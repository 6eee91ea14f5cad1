import Foundation
import MicroblogKit
import ParlaBase

extension Engine {
    /// Follows the user stream; when the server has none (`notSupported`) or it drops, polls home and
    /// notifications every ``Configuration/pollInterval`` and tries the stream again after a back-off.
    ///
    /// Going offline is reported once (`offline`) and coming back once (`online`), however many
    /// attempts fail in between. Also reads the server's markers and starts the outbox sender.
    public func startLive() async {
        guard liveTask == nil else { return }
        await outboxStore.start()
        liveTask = executor.start { await self.runLive() }
    }

    /// Whether live updates are running.
    public var isLive: Bool { liveTask != nil }

    func runLive() async {
        do {
            try await syncReadPositions()
        } catch {
            // The markers are read again on the next start; the local positions stand meanwhile.
        }
        var streamSupported = true
        var streamFailures = 0
        var streamAllowedAt: Duration = .zero
        var pollFailures = 0
        while !Task.isCancelled {
            if streamSupported, clock.now() >= streamAllowedAt {
                do {
                    let stream = try await service.stream(.user)
                    // Connected: catch up on what came while away, then follow the stream.
                    if await poll() { pollFailures = 0 }
                    streamFailures = 0
                    isStreaming = true
                    defer { isStreaming = false }
                    for try await event in stream {
                        if Task.isCancelled { return }
                        await handle(event)
                    }
                    if Task.isCancelled { return }
                    streamFailures += 1
                    streamAllowedAt = clock.now() + configuration.reconnect.delay(afterFailures: streamFailures)
                } catch MicroblogError.notSupported {
                    streamSupported = false
                } catch {
                    if Task.isCancelled || error is CancellationError { return }
                    streamFailures += 1
                    streamAllowedAt = clock.now() + configuration.reconnect.delay(afterFailures: streamFailures)
                }
            }
            if Task.isCancelled { return }
            let ok = await poll()
            pollFailures = ok ? 0 : pollFailures + 1
            var wait = ok ? configuration.pollInterval : min(configuration.pollInterval, configuration.reconnect.delay(afterFailures: pollFailures))
            if streamSupported {
                let untilStream = streamAllowedAt - clock.now()
                if untilStream < wait { wait = max(untilStream, .zero) }
            }
            if wait > .zero {
                do { try await sleeper.sleep(for: wait) } catch { return }
            }
        }
    }

    /// Calls the server for a caller; the outcome says whether the server can be reached.
    ///
    /// A transient failure makes the engine offline (`offline`, once) and, while the stream is up (it
    /// would not notice), has it try the server again with back-off; a success after that makes it
    /// online (`online`, once). Either is emitted before the call returns, so the screens hear
    /// "offline" before the failure and "back online" before the news.
    func reach<T>(_ call: () async throws -> T) async throws -> T {
        do {
            let value = try await call()
            setOnline()
            return value
        } catch {
            let reason = MicroblogError.wrapping(error)
            if reason.isTransient, !Task.isCancelled {
                setOffline(reason)
                // While polling, the live task already tries again with back-off.
                if isStreaming, recoveryTask == nil { recoveryTask = executor.start { await self.recover() } }
            }
            throw error
        }
    }

    /// Polls with back-off until the server answers (``poll()`` then reports `online`), while the
    /// stream is up and the engine offline.
    func recover() async {
        var failures = 0
        while isOffline, isStreaming, !Task.isCancelled {
            failures += 1
            do { try await sleeper.sleep(for: configuration.reconnect.delay(afterFailures: failures)) } catch { break }
            guard isOffline, isStreaming, !Task.isCancelled else { break }
            await poll()
        }
        recoveryTask = nil
    }

    /// One round of polling: new home posts and notifications. Returns whether the server answered.
    @discardableResult
    func poll() async -> Bool {
        do {
            let hadNotifications = (try? cache.notificationBounds().newest) != nil
            // A first reading of home (nothing cached yet, as on a first run) brings nothing new: all of it is
            // what the screen shows, and "36 new posts in Home" would be false.
            let hadHome = (try? cache.newestId(TimelineKind.home.key)) != nil
            let result = try await RequestPriority.$current.withValue(.home) { try await self.refresh(.home) }
            // The server answers: that is said first, then what it brought.
            setOnline()
            if hadHome, result.newCount > 0 { emit(.newPosts(timeline: TimelineKind.home.key, count: result.newCount)) }
            let notifications = try await RequestPriority.$current.withValue(.mentions) { try await self.catchUp(.notifications) }
            if hadNotifications {
                // Told oldest first, as they happened.
                for notification in notifications.notifications {
                    emit(.notification(notification, urgent: Self.isUrgent(notification)))
                }
            }
            // Gaps this round found, and what earlier rounds left of theirs.
            await fillGaps(.posts(.home))
            await fillGaps(.notifications)
            return true
        } catch {
            if Task.isCancelled { return false }
            setOffline(MicroblogError.wrapping(error))
            return false
        }
    }

    /// Applies one pushed event to the cache and tells the screens.
    func handle(_ event: StreamEvent) async {
        setOnline()
        switch event {
        case .update(let post):
            let added = (try? cache.insert([post], into: TimelineKind.home.key)) ?? 0
            // The user's own post (pushed before the outbox hears it was published) is not news to them, nor a post a filter hides.
            if added > 0, post.account.id != myAccount?.id, !post.isHiddenByFilter { emit(.newPosts(timeline: TimelineKind.home.key, count: added)) }
        case .notification(let notification):
            let added = (try? cache.insert([notification])) ?? 0
            if added > 0 { emit(.notification(notification, urgent: Self.isUrgent(notification))) }
        case .delete(let postId):
            try? cache.deletePost(id: postId)
            emit(.postDeleted(id: postId))
        case .edited(let post):
            updated(post)
        }
    }

    /// Mentions (public or direct) may be read out at once.
    static func isUrgent(_ notification: MicroblogNotification) -> Bool {
        notification.kind == .mention
    }

    func setOffline(_ error: MicroblogError) {
        guard !isOffline else { return }
        isOffline = true
        emit(.offline(error))
    }

    func setOnline() {
        guard isOffline else { return }
        isOffline = false
        emit(.online)
        // Posts that waited out back-offs while the server was away go now.
        let outbox = outboxStore
        executor.start { await outbox.resumeNow() }
    }
}
