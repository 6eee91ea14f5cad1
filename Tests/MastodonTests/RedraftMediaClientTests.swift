import Foundation
import LocalInstance
@testable import Mastodon
import MicroblogKit
import ParlaBaseTesting
import ParlaEngine
import Testing
import TestSupport

@Suite("A redraft attaches the deleted post's files again, through the client, the engine and its outbox")
struct RedraftMediaClientTests {
    @Test("delete answers the post with its image; the redraft sends the same media id, its changed description first, no upload")
    func redraftKeepsTheImage() async throws {
        try await withMastodon { harness in
            let path = try MediaUploadTests.file("heron.png", in: harness.folder)
            let engine = try await Engine.open(
                accountFolder: harness.folder.appendingPathComponent("account"), service: harness.client, clock: harness.clock,
                sleeper: harness.sleeper, executor: ManualExecutor())
            var post = NewPost(text: "At the river")
            post.attachments = [NewAttachment(path: path, description: "A heron")]
            _ = try await engine.outboxStore.enqueue(post)
            guard case .sent(_, let sent)? = await engine.outboxStore.sendNext() else {
                Issue.record("expected the post to be sent")
                return
            }
            let deleted = try #require(try await engine.delete(postId: sent.id))
            #expect(deleted.media.map(\.description) == ["A heron"])
            let mediaId = try #require(deleted.media.first?.id)

            var again = NewPost(text: "At the river, again")
            again.attachments = [NewAttachment(path: "heron.png", description: "A grey heron on one leg", mediaId: mediaId, redescribe: true)]
            _ = try await engine.outboxStore.enqueue(again)
            guard case .sent(_, let redrafted)? = await engine.outboxStore.sendNext() else {
                Issue.record("expected the redraft to be sent")
                return
            }
            let read = try await harness.client.post(id: redrafted.id)
            #expect(read.media.map(\.id) == [mediaId])
            #expect(read.media.map(\.description) == ["A grey heron on one leg"])
            let calls = harness.transport.entries.filter { $0.path.hasPrefix("/api/v2/media") || $0.path.hasPrefix("/api/v1/media") }
            #expect(calls.map { "\($0.method) \($0.path)" } == ["POST /api/v2/media", "PUT /api/v1/media/\(mediaId)"])
        }
    }
}
