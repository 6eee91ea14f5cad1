import Foundation
import MicroblogKit
import MicroblogKitTesting
import ParlaBase
@testable import ParlaEngine
import ParlaBaseTesting
import TestSupport
import Testing

/// Two `parla` processes sharing one account: two outboxes on one cache file (issue 20, "parallel `post`
/// commands report 'stays in the outbox' for posts another process already sent").
@Suite struct OutboxSharedAccountTests {
    struct TwoProcesses {
        let service = ScriptedService()
        let clock = ManualClock()
        let first: Outbox
        let second: Outbox

        init() throws {
            let path = temporaryFolder().appendingPathComponent("cache.sqlite3").path
            first = try Outbox(cache: try TimelineCache(path: path), service: service, clock: clock, sleeper: ManualSleeper(clock: clock))
            second = try Outbox(cache: try TimelineCache(path: path), service: service, clock: clock, sleeper: ManualSleeper(clock: clock))
        }
    }

    @Test func aPostTheOtherProcessSentIsReportedSentWithTheSamePostAndNoSecondPost() async throws {
        let p = try TwoProcesses()
        let mine = try await p.second.enqueue(NewPost(text: "Mine", idempotencyKey: "key-mine"))
        let theirs = try await p.first.enqueue(NewPost(text: "Theirs", idempotencyKey: "key-theirs"))
        // The first process's sender takes the oldest queued post, which is the second process's.
        guard case .sent(let sentId, let sent)? = await p.first.sendNext() else {
            Issue.record("the first process did not send the oldest post")
            return
        }
        #expect(sentId == mine.id)
        #expect(await p.first.sendNext() == .sent(outboxId: theirs.id, post: p.service.publishedPosts["key-theirs"]!))
        // The second process's sender finds nothing left to send…
        #expect(await p.second.sendNext() == nil)
        // …and learns from the server, by the same idempotency key, that its post was made: the same post, once.
        #expect(await p.second.settle(mine) == .sent(outboxId: mine.id, post: sent))
        #expect(p.service.publishedPosts.count == 2)
        #expect(try await p.second.items() == [])
    }

    @Test func aPostTheOtherProcessFoundRefusedIsReportedRefused() async throws {
        let p = try TwoProcesses()
        p.service.failPublish(with: [.rejected(status: 422, message: "Text too long")])
        let mine = try await p.second.enqueue(NewPost(text: "Mine", idempotencyKey: "key-mine"))
        #expect(await p.first.sendNext() == .failed(outboxId: mine.id, reason: .rejected(status: 422, message: "Text too long")))
        #expect(await p.second.sendNext() == nil)
        #expect(await p.second.settle(mine) == .failed(outboxId: mine.id, reason: .rejected(status: 422, message: "Text too long")))
        #expect(p.service.publishedPosts.isEmpty)
    }

    @Test func aPostStillWaitingItsTurnIsLeftQueued() async throws {
        let p = try TwoProcesses()
        p.service.failPublish(with: [.server(status: 503)])
        let earlier = try await p.first.enqueue(NewPost(text: "Earlier", idempotencyKey: "key-earlier"))
        let mine = try await p.second.enqueue(NewPost(text: "Mine", idempotencyKey: "key-mine"))
        #expect(await p.second.sendNext() == .queued(outboxId: earlier.id, reason: .server(status: 503)))
        #expect(await p.second.sendNext() == nil)
        #expect(await p.second.settle(mine) == nil)
        #expect(p.service.publishedPosts.isEmpty)
    }
}
