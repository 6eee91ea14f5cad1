import Foundation
import MicroblogKit
import MicroblogKitTesting
import ParlaBase
@testable import ParlaEngine
import ParlaBaseTesting
import TestSupport
import Testing

@Suite struct OutboxTests {
    struct Setup {
        let path: String
        let cache: TimelineCache
        let service: ScriptedService
        let clock: ManualClock
        let outbox: Outbox

        init(path: String? = nil, service: ScriptedService = ScriptedService(), clock: ManualClock = ManualClock()) throws {
            self.path = path ?? temporaryFolder().appendingPathComponent("cache.sqlite3").path
            cache = try TimelineCache(path: self.path)
            self.service = service
            self.clock = clock
            outbox = try Outbox(cache: cache, service: service, clock: clock, sleeper: ManualSleeper(clock: clock),
                                backoff: Backoff(base: .seconds(5), maximum: .seconds(60)))
        }
    }

    @Test func aPostIsStoredBeforeAnyNetworkCallThenSentAndCached() async throws {
        let setup = try Setup()
        let post = NewPost(text: "Hola", idempotencyKey: "key-1")
        let item = try await setup.outbox.enqueue(post)
        #expect(setup.service.calls == [])
        // Stored on disk: another connection to the same file sees it.
        let other = try TimelineCache(path: setup.path)
        let seen = try await Outbox(cache: other, service: setup.service, clock: setup.clock, sleeper: ManualSleeper()).items()
        #expect(seen.map(\.id) == [item.id])
        #expect(seen.first?.state == .queued)
        #expect(seen.first?.post == post)

        let attempt = await setup.outbox.sendNext()
        guard case .sent(let id, let sent) = attempt else {
            Issue.record("expected sent, got \(String(describing: attempt))")
            return
        }
        #expect(id == item.id)
        #expect(setup.service.calls == [.publish(idempotencyKey: "key-1")])
        #expect(try await setup.outbox.items() == [])
        #expect(try setup.cache.posts("home").map(\.id) == [sent.id])
    }

    @Test func aTransientErrorKeepsThePostQueuedAndItIsRetriedAfterTheBackoff() async throws {
        let setup = try Setup()
        setup.service.failPublish(with: [.server(status: 503), .unreachable(host: "example.social")])
        let item = try await setup.outbox.enqueue(NewPost(text: "Still here", idempotencyKey: "k"))
        let events = EventLog()
        await setup.outbox.setObserver { events.append($0) }

        #expect(await setup.outbox.sendNext() == .queued(outboxId: item.id, reason: .server(status: 503)))
        var stored = try await setup.outbox.item(id: item.id)
        #expect(stored?.state == .queued)
        #expect(stored?.attempts == 1)
        #expect(stored?.lastError == .server(status: 503))
        // Not before the back-off (5 s) has passed.
        #expect(await setup.outbox.sendNext() == nil)
        #expect(try await setup.outbox.waitBeforeNext() == .seconds(5))
        setup.clock.advance(by: .seconds(5))
        #expect(await setup.outbox.sendNext() == .queued(outboxId: item.id, reason: .unreachable(host: "example.social")))
        // The second failure in a row doubles the wait.
        #expect(try await setup.outbox.waitBeforeNext() == .seconds(10))
        setup.clock.advance(by: .seconds(9))
        #expect(await setup.outbox.sendNext() == nil)
        setup.clock.advance(by: .seconds(1))
        guard case .sent = await setup.outbox.sendNext() else {
            Issue.record("third attempt should send")
            return
        }
        stored = try await setup.outbox.item(id: item.id)
        #expect(stored == nil)
        #expect(setup.service.count { if case .publish = $0 { true } else { false } } == 3)
        #expect(setup.service.publishedPosts.count == 1)
        // Queued is reported once for the post, not again on the second failure; then it was sent.
        #expect(events.events.count == 2)
        #expect(events.events.first == .postQueued(outboxId: item.id, reason: .server(status: 503)))
        if case .postSent(let id, _)? = events.events.last { #expect(id == item.id) } else { Issue.record("no postSent: \(events.events)") }
    }

    /// A post written while an earlier one waits for the server waits behind it, untried: it is said to wait at once,
    /// not after the earlier one's back-off (offline, the second reply was heard only as "Sending").
    @Test func aPostQueuedBehindAWaitingOneIsSaidToWaitAtOnceAndOnce() async throws {
        let setup = try Setup()
        setup.service.failPublish(with: [.unreachable(host: "example.social")])
        let events = EventLog()
        await setup.outbox.setObserver { events.append($0) }
        let first = try await setup.outbox.enqueue(NewPost(text: "First", idempotencyKey: "1"))
        #expect(await setup.outbox.sendNext() == .queued(outboxId: first.id, reason: .unreachable(host: "example.social")))
        let second = try await setup.outbox.enqueue(NewPost(text: "Second", idempotencyKey: "2"))
        #expect(events.events == [.postQueued(outboxId: first.id, reason: .unreachable(host: "example.social")),
                                  .postQueued(outboxId: second.id, reason: .unreachable(host: "example.social"))])
        // Its own failures later are not said again; both are sent, in order, when the server answers.
        setup.service.failPublish(with: [])
        setup.clock.advance(by: .seconds(5))
        guard case .sent(let sentFirst, _) = await setup.outbox.sendNext(), case .sent(let sentSecond, _) = await setup.outbox.sendNext() else {
            Issue.record("both should be sent: \(events.events)")
            return
        }
        #expect([sentFirst, sentSecond] == [first.id, second.id])
        #expect(events.events.filter { if case .postQueued = $0 { true } else { false } }.count == 2)
        // With nothing waiting, a new post is not said to wait.
        _ = try await setup.outbox.enqueue(NewPost(text: "Third", idempotencyKey: "3"))
        #expect(events.events.count == 4)
    }

    @Test func aRefusedPostIsMarkedFailedAndKeptUntilRetriedOrDiscarded() async throws {
        let setup = try Setup()
        let refusal = MicroblogError.rejected(status: 422, message: "Text is too long")
        setup.service.failPublish(with: [refusal])
        let item = try await setup.outbox.enqueue(NewPost(text: String(repeating: "a", count: 600), idempotencyKey: "long"))
        #expect(await setup.outbox.sendNext() == .failed(outboxId: item.id, reason: refusal))
        let failed = try await setup.outbox.items()
        #expect(failed.count == 1)
        #expect(failed.first?.state == .failed)
        #expect(failed.first?.lastError == refusal)
        // Failed items are not sent again by themselves.
        setup.clock.advance(by: .seconds(3600))
        #expect(await setup.outbox.sendNext() == nil)
        // The reason survives reopening.
        let reopened = try Outbox(cache: try TimelineCache(path: setup.path), service: setup.service, clock: setup.clock, sleeper: ManualSleeper())
        #expect(try await reopened.items().first?.lastError == refusal)

        try await setup.outbox.edit(id: item.id, post: NewPost(text: "Shorter", idempotencyKey: "short"))
        guard case .sent(_, let post) = await setup.outbox.sendNext() else {
            Issue.record("the edited post should be sent")
            return
        }
        #expect(post.content == .plain("Shorter"))

        setup.service.failPublish(with: [refusal])
        let second = try await setup.outbox.enqueue(NewPost(text: "x", idempotencyKey: "x"))
        _ = await setup.outbox.sendNext()
        #expect(try await setup.outbox.discard(id: second.id))
        #expect(try await setup.outbox.items() == [])
    }

    /// Issue 26, item 30: a post the server answered with something unreadable may exist; it is kept as sent,
    /// not confirmed (not refused), is not sent again by itself, and sent again when asked, with its key.
    @Test func issue26APostAnsweredUnreadablyIsKeptAsUnconfirmedAndSentAgainOnlyWhenAsked() async throws {
        let setup = try Setup()
        let unreadable = MicroblogError.malformedResponse(detail: "not JSON")
        setup.service.failPublish(with: [unreadable])
        let item = try await setup.outbox.enqueue(NewPost(text: "Did it go?", idempotencyKey: "once"))
        #expect(await setup.outbox.sendNext() == .unconfirmed(outboxId: item.id, reason: unreadable))
        #expect(try await setup.outbox.items().map(\.state) == [.unconfirmed])
        setup.clock.advance(by: .seconds(3600))
        #expect(await setup.outbox.sendNext() == nil)
        #expect(await setup.outbox.settle(item) == .unconfirmed(outboxId: item.id, reason: unreadable))
        try await setup.outbox.retryNow(id: item.id)
        guard case .sent = await setup.outbox.sendNext() else {
            Issue.record("the post should be sent again when asked")
            return
        }
        #expect(setup.service.calls.filter { $0 == .publish(idempotencyKey: "once") }.count == 2)
        #expect(try await setup.outbox.items() == [])
    }

    @Test func postsAreSentInOrderAndALaterOneWaitsForAnEarlierOne() async throws {
        let setup = try Setup()
        setup.service.failPublish(with: [.timedOut(host: "h")])
        let first = try await setup.outbox.enqueue(NewPost(text: "first", idempotencyKey: "1"))
        let second = try await setup.outbox.enqueue(NewPost(text: "reply", inReplyToId: "77", idempotencyKey: "2"))
        #expect(await setup.outbox.sendNext() == .queued(outboxId: first.id, reason: .timedOut(host: "h")))
        #expect(await setup.outbox.sendNext() == nil)
        setup.clock.advance(by: .seconds(5))
        guard case .sent(let a, _) = await setup.outbox.sendNext(), case .sent(let b, _) = await setup.outbox.sendNext() else {
            Issue.record("both should be sent")
            return
        }
        #expect([a, b] == [first.id, second.id])
        #expect(setup.service.calls == [.publish(idempotencyKey: "1"), .publish(idempotencyKey: "1"), .publish(idempotencyKey: "2")])
    }

    @Test func theSameItemIsNeverSentTwiceAtOnce() async throws {
        let setup = try Setup()
        setup.service.holdPublishes()
        _ = try await setup.outbox.enqueue(NewPost(text: "once", idempotencyKey: "once"))
        let outbox = setup.outbox
        // The first send runs until the server holds its answer.
        let executor = ManualExecutor()
        let firstSend = Task(executorPreference: executor) { await outbox.sendNext() }
        executor.run()
        #expect(setup.service.publishesWaiting == 1)
        #expect(await outbox.sendNext() == nil)
        #expect(try await outbox.items().first?.state == .sending)
        setup.service.releasePublish()
        executor.run()
        guard case .sent = await firstSend.value else {
            Issue.record("the held send should finish")
            return
        }
        #expect(setup.service.calls == [.publish(idempotencyKey: "once")])
    }

    @Test func aPostLeftSendingByACrashIsSentAgainWithTheSameKeyAndAppearsOnce() async throws {
        let service = ScriptedService()
        let first = try Setup(service: service)
        service.holdPublishes()
        let item = try await first.outbox.enqueue(NewPost(text: "crash", idempotencyKey: "crash-key"))
        let outbox = first.outbox
        // The server has made the post, but the answer never comes back: the process "dies" here.
        let executor = ManualExecutor()
        let lost = Task(executorPreference: executor) { await outbox.sendNext() }
        executor.run()
        #expect(service.publishesWaiting == 1)
        #expect(service.publishedPosts.count == 1)

        // A new process opens the same database and finds the item left "sending".
        let raw = try TimelineCache(path: first.path)
        let state = try raw.read { db in try String.fetchOne(db, sql: "SELECT state FROM outbox") }
        #expect(state == "sending")
        let service2Clock = ManualClock()
        let restarted = try Outbox(cache: raw, service: service, clock: service2Clock, sleeper: ManualSleeper(clock: service2Clock))
        #expect(try await restarted.items().map(\.state) == [.queued])
        service.stopHolding()
        guard case .sent(let id, let post) = await restarted.sendNext() else {
            Issue.record("the item should be sent again")
            return
        }
        #expect(id == item.id)
        #expect(service.calls == [.publish(idempotencyKey: "crash-key"), .publish(idempotencyKey: "crash-key")])
        #expect(service.publishedPosts.count == 1)
        #expect(try raw.posts("home").map(\.id) == [post.id])
        #expect(try await restarted.items() == [])
        // The old process's answer arriving late changes nothing.
        service.releasePublish()
        executor.run()
        _ = await lost.value
        #expect(try raw.posts("home").map(\.id) == [post.id])
        #expect(try await restarted.items() == [])
    }

    @Test func theSenderSendsQueuedPostsByItselfAndRetriesAfterTheBackoff() async throws {
        let clock = ManualClock()
        let sleeper = ManualSleeper(clock: clock)
        let cache = try TimelineCache(path: temporaryFolder().appendingPathComponent("c.sqlite3").path)
        let service = ScriptedService()
        service.failPublish(with: [.server(status: 502)])
        let executor = ManualExecutor()
        let outbox = try Outbox(
            cache: cache, service: service, clock: clock, sleeper: sleeper, executor: executor, backoff: Backoff(base: .seconds(5), maximum: .seconds(60)))
        await outbox.start()
        _ = try await outbox.enqueue(NewPost(text: "auto", idempotencyKey: "auto"))
        executor.run()
        #expect(sleeper.sleeping == 1)
        #expect(sleeper.requestedDurations == [.seconds(5)])
        #expect(try await outbox.items().count == 1)
        sleeper.advance(by: .seconds(5))
        executor.run()
        #expect(try await outbox.items() == [])
        #expect(service.count { if case .publish = $0 { true } else { false } } == 2)
        await outbox.stop()
    }
}

/// Collects events from any task.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [EngineEvent] = []

    func append(_ event: EngineEvent) { lock.withLock { stored.append(event) } }

    var events: [EngineEvent] { lock.withLock { stored } }
}
